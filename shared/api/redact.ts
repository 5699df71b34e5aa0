// The API key is a path segment of every call (reference §5.1), so any URL, message or log line may carry it.

/** What replaces a secret in text. */
export const REDACTED = '<redacted>';

/** Replaces every occurrence of `secret` (raw and URL-encoded) in `text`; an empty secret leaves text as it is. */
export function redactApiKey(text: string, secret: string | undefined): string {
  if (!secret) return text;
  let result = text;
  for (const form of new Set([secret, encodeURIComponent(secret), encodeURI(secret)])) {
    result = result.split(form).join(REDACTED);
  }
  return result;
}

/** Redacts each of several secrets (API key, token, secret) from text. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>((redacted, secret) => redactApiKey(redacted, secret), text);
}
