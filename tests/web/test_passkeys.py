"""Passkeys in the browser, with Chromium's virtual authenticator (CDP ``WebAuthn``): a player signs up
with a password, adds a passkey on /me, signs out, and signs in with the passkey alone — the same
player again, with the same HttpOnly session cookie as a password sign-in. The browser's answer,
sent a second time, is refused: its challenge was used. The page is opened at ``localhost`` (browsers
refuse an IP address as a WebAuthn relying party)."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

PASSWORD = "a long secret phrase"


def test_a_player_adds_a_passkey_signs_out_and_signs_in_with_it_alone(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = f"http://localhost:{shared_web_server.port}"
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )["authenticatorId"]
    page.goto(base + "/me")
    page.click("#create-account")
    page.fill("#account-username", "passkey_aya")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name")
    page.click("#add-passkey")
    page.wait_for_selector("#passkey-said[role=status]")
    assert "Passkey added" in page.inner_text("#passkey-said")
    assert serious_accessibility_violations(page) == []
    [stored] = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert stored["isResidentCredential"]  # a discoverable credential: no username needed to use it
    page.click("#sign-out")
    page.wait_for_selector("#sign-in")
    assert not [cookie for cookie in context.cookies() if cookie["name"] == "asobiba_session"]
    page.click("#sign-in")
    with page.expect_request("**/api/session/passkey") as sent:
        page.click("#passkey-sign-in")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == "passkey_aya"
    [cookie] = [cookie for cookie in context.cookies() if cookie["name"] == "asobiba_session"]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    with httpx.Client(base_url=base, cookies={"asobiba_session": cookie["value"]}) as api:
        assert api.get("/api/me").json() == {"username": "passkey_aya", "guest": False}
    signed = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"][0]["signCount"]
    assert signed > stored["signCount"]
    # the same answer again (a replay): its challenge was used, nobody is signed in
    body = json.loads(sent.value.post_data or "{}")
    with httpx.Client(base_url=base, headers={"accept-language": "ja"}) as replay:
        answer = replay.post("/api/session/passkey", json=body)
        assert answer.status_code == 401
        assert answer.json()["code"] == "passkey_refused"
        assert answer.json()["message"] == "そのパスキーではサインインできませんでした"
        assert "asobiba_session" not in answer.cookies
    context.close()
