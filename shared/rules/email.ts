// Email address check used before enqueueing and by the sandbox (campaign from_email, test recipients).

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Whether the address is a deliverable-looking email: local@domain.tld, no spaces, within RFC length limits. */
export function isValidEmail(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  // The top-level domain is letters (or an IDN punycode label), never digits only.
  const tld = labels[labels.length - 1]!;
  return /^[A-Za-z]{2,}$/.test(tld) || /^xn--[A-Za-z0-9-]+$/.test(tld);
}

/** The address in the form used to compare two addresses: trimmed and lower-cased. */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}
