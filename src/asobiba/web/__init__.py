"""The browser client: static files served by ``asobiba serve`` (index.html, ES modules, vendored
Preact and htm, ``i18n.json``); :mod:`asobiba.web.catalog` exports the page's texts from the .po catalogs."""
