// Seat invites (docs/protocol.md): an invited seat is taken with its own link's code
// (/r/{room}?seat=N&invite=CODE); an open seat with a plain link (/r/{room}?seat=N). The creator's
// browser keeps the codes the server gave it (POST /api/rooms, a freed seat's new link), by room.

/** @param {string} room */
const key = (room) => `asobiba.invites.${room}`;

/** The invite codes this browser holds for ``room``: {seat: code}.
 * @param {string} room @returns {Object<string, string>} */
export function storedInvites(room) {
  try {
    const found = JSON.parse(localStorage.getItem(key(room)) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch {
    return {};
  }
}

/** The code an invite link carries (null: a plain link). @param {string} link */
export function codeOf(link) {
  try {
    return new URL(link, location.origin).searchParams.get("invite");
  } catch {
    return null;
  }
}

/** Keep the codes of invite links ({seat: link}, as the server answers them); the codes kept.
 * @param {string} room @param {Object<string, string> | null | undefined} links */
export function rememberInvites(room, links) {
  const codes = { ...storedInvites(room) };
  for (const [seat, link] of Object.entries(links || {})) {
    const code = codeOf(link);
    if (code) codes[seat] = code;
  }
  localStorage.setItem(key(room), JSON.stringify(codes));
  return codes;
}

/** A seat's link: with its code for an invited seat, plain for an open one.
 * @param {string} room @param {number | string} seat @param {string | null | undefined} code */
export function seatLink(room, seat, code) {
  const link = `${location.origin}/r/${room}?seat=${seat}`;
  return code ? `${link}&invite=${encodeURIComponent(code)}` : link;
}

/** The seat and code of the invite link this page was opened with, if any. */
export function linkedInvite() {
  const query = new URLSearchParams(location.search);
  const seat = query.get("seat");
  if (seat === null || !/^\d{1,2}$/.test(seat)) return null;
  const code = query.get("invite");
  return { seat: Number(seat), invite: code && /^[A-Za-z0-9_-]{1,100}$/.test(code) ? code : null };
}
