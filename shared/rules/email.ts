// Email address check used before enqueueing and by the sandbox (campaign from_email, test recipients).
//
// Internationalised addresses (RFC 6531: a Unicode local part, a domain in Unicode or punycode) are
// accepted: the reference asks for "valid" addresses and says nothing against them, and a fifth of
// the addresses in venues' files with accented names have one (niamh.lefèvre@example.com).

/** The same rules for addresses in plain ASCII, the common case (the Unicode patterns are several times slower). */
const ASCII_LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const ASCII = /^[\x20-\x7e]*$/;
/** An atom's characters: RFC 5322's atext, plus letters, marks and digits of any script (RFC 6531's UTF8-non-ascii). */
const LOCAL_PART = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A domain label: ASCII letters, digits and hyphens, or a Unicode label (IDNA U-label) of letters, marks and digits. */
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}]([\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/**
 * The common address in one pattern: plain ASCII local@label.….tld with a letters-only top-level domain. Every
 * address it matches (within the length limits) passes the full check below too; whatever it does not match is
 * decided by that check (an import checks 100,000 addresses: one pattern instead of five, a split and two slices).
 */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Whether the address is a deliverable-looking email: local@domain.tld, no spaces, within RFC length limits (in UTF-8 bytes). */
export function isValidEmail(address: string): boolean {
  // In plain ASCII a character is a byte, and the pattern allows one @ only.
  return (
    (address.length <= 254 && PLAIN_ADDRESS.test(address) && address.indexOf('@') <= 64) || isValidEmailInFull(address)
  );
}

/** isValidEmail's full rules, for any address (exported for the test that the quick pattern agrees with them). */
export function isValidEmailInFull(address: string): boolean {
  const ascii = ASCII.test(address);
  if ((ascii ? address.length : utf8Bytes(address)) > 254) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if ((ascii ? local.length : utf8Bytes(local)) > 64 || !(ascii ? ASCII_LOCAL_PART : LOCAL_PART).test(local))
    return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => (ascii ? ASCII_DOMAIN_LABEL : DOMAIN_LABEL).test(label))) return false;
  // The top-level domain is letters (of any script, or a punycode label), never digits only.
  const tld = labels[labels.length - 1]!;
  return /^\p{L}{2,}$/u.test(tld) || /^xn--[A-Za-z0-9-]+$/.test(tld);
}

/** The address in the form used to compare two addresses: trimmed, composed (NFC) and lower-cased. */
export function emailKey(address: string): string {
  const trimmed = address.trim();
  // Plain ASCII is already composed: NFC would give it back as it is.
  return (ASCII.test(trimmed) ? trimmed : trimmed.normalize('NFC')).toLowerCase();
}

/** Length of a string in UTF-8 bytes (RFC 5321's limits count octets). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
