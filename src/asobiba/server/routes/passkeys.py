"""Passkeys (WebAuthn, checked by py_webauthn; docs/protocol.md, "Accounts"):

- ``POST /api/me/passkeys/options`` — a signed-in player's registration options (a discoverable
  credential: the passkey names its account); ``POST /api/me/passkeys`` ``{credential}`` — verified
  and stored (201), 400 ``passkey_refused`` for an answer that does not verify;
- ``POST /api/session/passkey/options`` — authentication options (no username: the browser offers
  the passkeys it holds for this site); ``POST /api/session/passkey`` ``{credential, tokens}`` —
  verified (user verification required, the sign count checked and moved on), then a session starts
  exactly as a password sign-in's (:func:`asobiba.server.routes.accounts.start_session`, the seats of
  ``tokens`` taken in). 401 ``passkey_refused`` for every refused answer alike (garbage, an unknown
  credential, a bad signature, a challenge used, expired or never handed out); 429 past
  ``Settings.sign_in_rate`` per address. The options routes (each keeps a challenge) count in
  ``Settings.http_rate``.

The relying party is the request's host name (``Settings.origin``'s behind a proxy) and the expected
origin the request's own (``Settings.origin``). A host that is an IP address gets 400
``passkey_unavailable``: browsers refuse an IP address as a relying party (use ``localhost``).
Challenges are kept in the database (any process may receive the answer), single-use, 5 minutes.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, parse_client_data_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from asobiba.i18n import Catalog
from asobiba.server.accounts import passkey_store, store
from asobiba.server.accounts.bodies import PasskeyAnswer
from asobiba.server.accounts.sessions import SignedInDep
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address
from asobiba.server.rooms import Lobby
from asobiba.server.routes.accounts import language, me, signed_out, start_session, take_seats, too_many_sign_ins
from asobiba.server.routes.errors import error_response, too_many, unavailable

log = logging.getLogger("asobiba.server")
tr = Catalog("server")

router = APIRouter()

#: The relying party's name, as a passkey manager shows it.
RP_NAME = "asobiba"
#: How long the browser may wait for the player, in milliseconds (the challenge lives longer: 5 minutes).
TIMEOUT_MS = 120_000
#: What may fail in a credential the browser sent that is not WebAuthn's own refusal (garbage JSON parts).
MALFORMED = (WebAuthnException, ValueError, TypeError, KeyError, AttributeError, IndexError)


def relying_party(request: Request, lobby: Lobby) -> tuple[str, str]:
    """The relying party id (a host name) and the origin the browser's answer must name."""
    if lobby.settings.origin is not None:
        origin = lobby.settings.origin.rstrip("/")
        return urlsplit(origin).hostname or "", origin
    host = request.headers.get("host", "")
    return request.url.hostname or "", f"{request.url.scheme}://{host}"


def is_ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def no_passkeys_here(request: Request, rp_id: str) -> JSONResponse | None:
    """400 when browsers would refuse this host as a relying party (an IP address, or none)."""
    if rp_id and not is_ip_address(rp_id):
        return None
    message = tr("passkeys need the server's name in the address (localhost, not 127.0.0.1)", language(request))
    return error_response(400, "passkey_unavailable", message)


def challenge_of(credential: dict[str, Any]) -> bytes:
    """The challenge the browser's answer signed (from its ``clientDataJSON``); ``ValueError`` and the
    like for garbage."""
    response = credential["response"]
    if not isinstance(response, dict):
        raise ValueError("response")
    client_data = response["clientDataJSON"]
    if not isinstance(client_data, str):
        raise ValueError("clientDataJSON")

    return parse_client_data_json(base64url_to_bytes(client_data)).challenge


def options_json(options: Any) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(options_to_json(options))
    return parsed


@router.post("/api/me/passkeys/options", response_model=None)
async def registration_options(
    request: Request, lobby: LobbyDep, account: SignedInDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    rp_id, _origin = relying_party(request, lobby)
    refused = no_passkeys_here(request, rp_id)
    if refused is not None:
        return refused
    if not lobby.health.writable:
        return unavailable(lobby)
    held = await lobby.read(passkey_store.account_passkeys(lobby.storage, account.id))

    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=account.username,
        user_id=f"asobiba-account-{account.id}".encode(),
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(row.credential_id)) for row in held],
    )
    await lobby.write(
        passkey_store.keep_challenge(lobby.storage, options.challenge, "register", account.id, lobby.clock.now())
    )
    return options_json(options)


@router.post("/api/me/passkeys", status_code=201, response_model=None)
async def add_passkey(
    body: PasskeyAnswer, request: Request, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    lang = language(request)
    refusal = error_response(400, "passkey_refused", tr("the passkey could not be added: try again", lang))
    rp_id, origin = relying_party(request, lobby)
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        challenge = challenge_of(body.credential)
    except MALFORMED:
        return refusal
    now = lobby.clock.now()
    if not await lobby.write(passkey_store.take_challenge(lobby.storage, challenge, "register", account.id, now)):
        return refusal
    try:
        verified = verify_registration_response(
            credential=body.credential, expected_challenge=challenge, expected_rp_id=rp_id, expected_origin=origin
        )
    except MALFORMED as error:
        log.info("passkey refused for an account: %s", type(error).__name__)
        return refusal
    credential_id = bytes_to_base64url(verified.credential_id)
    added = await lobby.write(
        passkey_store.add_passkey(
            lobby.storage, account.id, credential_id, verified.credential_public_key, verified.sign_count, now
        )
    )
    if not added:
        return error_response(409, "passkey_taken", tr("that passkey is already added", lang))
    count = len(await lobby.read(passkey_store.account_passkeys(lobby.storage, account.id)))
    return {"added": True, "passkeys": count}


@router.post("/api/session/passkey/options", response_model=None)
async def authentication_options(
    request: Request, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    rp_id, _origin = relying_party(request, lobby)
    refused = no_passkeys_here(request, rp_id)
    if refused is not None:
        return refused
    if not lobby.health.writable:
        return unavailable(lobby)
    options = generate_authentication_options(
        rp_id=rp_id, timeout=TIMEOUT_MS, user_verification=UserVerificationRequirement.REQUIRED
    )
    now = lobby.clock.now()
    await lobby.write(passkey_store.keep_challenge(lobby.storage, options.challenge, "sign-in", None, now))
    return options_json(options)


@router.post("/api/session/passkey", response_model=None)
async def sign_in_with_passkey(
    body: PasskeyAnswer, request: Request, response: Response, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    if not await limits.sign_in_allowed(client_address(request)):
        return too_many_sign_ins(request)
    refusal = error_response(401, "passkey_refused", tr("that passkey was not accepted", language(request)))
    if not lobby.health.writable:
        return unavailable(lobby)
    rp_id, origin = relying_party(request, lobby)
    try:
        challenge = challenge_of(body.credential)
        credential_id = body.credential["id"]
    except MALFORMED:
        return refusal
    now = lobby.clock.now()
    if not await lobby.write(passkey_store.take_challenge(lobby.storage, challenge, "sign-in", None, now)):
        return refusal
    row = None
    if isinstance(credential_id, str) and len(credential_id) <= 1400:
        row = await lobby.read(passkey_store.passkey(lobby.storage, credential_id))
    if row is None:
        return refusal
    try:
        verified = verify_authentication_response(
            credential=body.credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=row.public_key,
            credential_current_sign_count=row.sign_count,
            require_user_verification=True,
        )
    except MALFORMED as error:
        log.info("passkey sign-in refused: %s", type(error).__name__)
        return refusal
    if not await lobby.write(
        passkey_store.passkey_used(lobby.storage, row.credential_id, row.sign_count, verified.new_sign_count)
    ):
        return refusal
    account = await lobby.read(store.account_by_id(lobby.storage, row.account_id))
    if account is None:
        return refusal
    await start_session(request, response, lobby, account)
    seats = await take_seats(lobby, account, body.tokens)
    return {**me(account), "seats": seats}


__all__ = ["relying_party", "router"]
