"""``/api/docs`` (only with ``asobiba serve --api-docs``): the OpenAPI schema as a plain page of this
server's own — no script, no style or font from another origin (Swagger UI would load them from a CDN)."""

from __future__ import annotations

import json
from html import escape
from typing import Any

PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>{title} API</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
code,pre{{font:13px ui-monospace,monospace}}pre{{background:#f4f4f4;padding:.5rem;overflow:auto}}
h2{{border-top:1px solid #ddd;padding-top:1rem}}</style>
<h1>{title} API {version}</h1>
<p>The machine-readable schema: <a href="{openapi}">{openapi}</a>. The room WebSocket is described in
docs/protocol.md.</p>
{operations}
</html>
"""


def api_docs_page(schema: dict[str, Any], openapi_url: str = "/api/openapi.json") -> str:
    """Every path and method of ``schema`` with its parameters and request body, as HTML."""
    parts = []
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            parameters = ", ".join(
                f"{escape(parameter['name'])} ({escape(parameter.get('in', ''))})"
                for parameter in operation.get("parameters", [])
            )
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            parts.append(
                f"<h2><code>{escape(method.upper())} {escape(path)}</code></h2>"
                f"<p>{escape(operation.get('summary', ''))}</p>"
                + (f"<p>Parameters: {parameters}</p>" if parameters else "")
                + (f"<p>Body:</p><pre>{escape(json.dumps(body, indent=2))}</pre>" if body else "")
            )
    components = schema.get("components", {}).get("schemas", {})
    if components:
        parts.append("<h2>Schemas</h2>")
        for name, component in components.items():
            parts.append(
                f"<h3 id='{escape(name)}'>{escape(name)}</h3><pre>{escape(json.dumps(component, indent=2))}</pre>"
            )
    info = schema.get("info", {})
    return PAGE.format(
        title=escape(str(info.get("title", "asobiba"))),
        version=escape(str(info.get("version", ""))),
        openapi=escape(openapi_url),
        operations="\n".join(parts),
    )


__all__ = ["api_docs_page"]
