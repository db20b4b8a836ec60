"""The server's routes, one ``APIRouter`` per feature, wired by :func:`asobiba.server.app.create_app`:
``health`` (``/healthz``, ``/metrics``), ``games`` (``/api/games``), ``rooms`` (the rooms' HTTP API),
``room_socket`` (the room WebSocket and its messages), ``tutorials`` (the games' tutorials, played
step by step) and ``pages`` (the room page, the API docs);
``errors`` holds the error answers they share. What a route is given comes from
:mod:`asobiba.server.dependencies`."""
