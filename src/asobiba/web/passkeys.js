// Passkeys (WebAuthn; docs/protocol.md, "Accounts"): the options the server sends (py_webauthn's
// `options_to_json`: binary parts in base64url) made into what navigator.credentials.create/get take,
// and the credential the browser makes sent back as JSON, its binary parts in base64url.

/** @param {string} text base64url, unpadded @returns {ArrayBuffer} */
export function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

/** @param {ArrayBuffer | null} buffer @returns {string | null} base64url, unpadded */
export function toBase64url(buffer) {
  if (buffer === null) return null;
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Does this browser do passkeys? @returns {boolean} */
export function passkeysAvailable() {
  return typeof window.PublicKeyCredential === "function" && Boolean(navigator.credentials);
}

/** @param {Array<{id: string, type: string, transports?: Array<string>}> | undefined} list
 * @returns {Array<PublicKeyCredentialDescriptor> | undefined} */
function descriptors(list) {
  return list?.map((entry) => ({
    id: fromBase64url(entry.id),
    type: /** @type {PublicKeyCredentialType} */ (entry.type),
    transports: /** @type {Array<AuthenticatorTransport> | undefined} */ (entry.transports),
  }));
}

/** A new passkey for the server's registration options (POST /api/me/passkeys/options): the credential
 * as JSON for POST /api/me/passkeys. @param {Object<string, any>} options @returns {Promise<Object<string, unknown>>} */
export async function createPasskey(options) {
  /** @type {PublicKeyCredentialCreationOptions} */
  const publicKey = {
    ...options,
    rp: options.rp,
    pubKeyCredParams: options.pubKeyCredParams,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  const credential = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.create({ publicKey }));
  if (!credential) throw new Error("no passkey");
  const response = /** @type {AuthenticatorAttestationResponse} */ (credential.response);
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: response.getTransports ? response.getTransports() : [],
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment,
  };
}

/** A passkey's answer to the server's authentication options (POST /api/session/passkey/options): the
 * credential as JSON for POST /api/session/passkey. @param {Object<string, any>} options
 * @returns {Promise<Object<string, unknown>>} */
export async function usePasskey(options) {
  /** @type {PublicKeyCredentialRequestOptions} */
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  };
  const credential = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.get({ publicKey }));
  if (!credential) throw new Error("no passkey");
  const response = /** @type {AuthenticatorAssertionResponse} */ (credential.response);
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: toBase64url(response.userHandle),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment,
  };
}
