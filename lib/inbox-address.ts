/**
 * The inbox an email address reaches, for counting messages per person rather than per spelling (issue 28,
 * point 7): lower case; a '+tag' in the local part goes (Gmail, Outlook, iCloud, Fastmail and Proton all
 * deliver 'amy+anything@' to 'amy@'); and Gmail ignores dots and answers to googlemail.com too. Only a key:
 * mail still goes to the address as typed.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function inboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
