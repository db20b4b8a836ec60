"""The one-click unsubscribe link of every email (:mod:`asobiba.server.mail`):

- ``GET /unsubscribe?code=CODE`` — the link in the email: its account gets no more emails, and a page says
  so (in the reader's language) with the way back (the page ``/me``); an unknown code: 404, the same page
  saying the link is not known;
- ``POST /unsubscribe?code=CODE`` — the same for a mail program (RFC 8058's ``List-Unsubscribe-Post``:
  a form body ``List-Unsubscribe=One-Click``; the request guard lets this path's form bodies through, as
  the code is the only credential and no cookie is read).

The code is in the query, not the path: request logs name paths, never queries.
"""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from asobiba.i18n import Catalog
from asobiba.server.accounts import store
from asobiba.server.dependencies import LobbyDep
from asobiba.server.routes.accounts import language
from asobiba.server.routes.errors import unavailable

tr = Catalog("mail")
router = APIRouter()

#: Unsubscribe codes are ``secrets.token_urlsafe(24)``: anything much longer is not one.
MAX_CODE = 100

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body><main><h1>{title}</h1><p>{text}</p><p><a href="/me">{back}</a></p></main></body></html>
"""


def page(lang: str, done: bool) -> HTMLResponse:
    if done:
        title = tr("No more emails", lang)
        text = tr(
            "asobiba will not email you when it is your turn. You can turn the emails on again on your page.", lang
        )
    else:
        title = tr("This link is not known", lang)
        text = tr("No account has this unsubscribe link: it may have been copied only in part.", lang)
    body = PAGE.format(lang=lang, title=escape(title), text=escape(text), back=escape(tr("Your games", lang)))
    return HTMLResponse(body, status_code=200 if done else 404)


async def stop_emails(lobby: LobbyDep, code: str) -> bool:
    return 0 < len(code) <= MAX_CODE and await lobby.write(store.unsubscribe(lobby.storage, code))


@router.get("/unsubscribe", response_model=None)
async def unsubscribe_page(request: Request, lobby: LobbyDep, code: str = "") -> Response:
    if not lobby.health.writable:
        return unavailable(lobby)
    return page(language(request), await stop_emails(lobby, code))


@router.post("/unsubscribe", response_model=None)
async def unsubscribe_one_click(lobby: LobbyDep, code: str = "") -> Response:
    if not lobby.health.writable:
        return unavailable(lobby)
    return Response(status_code=200 if await stop_emails(lobby, code) else 404)
