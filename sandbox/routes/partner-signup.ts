// Signup pages (section 4.22): a partner's plan list and a plan's signup form, which creates an account and notifies the partner.
import { isValidEmail } from '../../shared/rules/email';
import type { SandboxContext } from '../context';
import { escapeHtml } from '../http/envelope';
import { page, problemPage } from '../http/pages';
import { createAccount, findAccountByUsername } from '../store/accounts';
import { findPartner, findPlan, listPlans, type Plan } from '../store/partners';

/** The optional query values of a signup link. */
interface SignupExtras {
  reference: string;
  logoUrl: string;
}

/**
 * Reads reference and logo_url. The documented forms append `/?reference=<ref>` even after `?pkgid=…`,
 * which puts "/?reference=…" inside the pkgid value; both that and `&reference=` are read.
 */
function readSignupLink(url: URL): { planId: string | null; extras: SignupExtras } {
  const params = new URLSearchParams(url.search);
  let planId = params.get('pkgid');
  if (planId?.includes('/?')) {
    const [id, rest] = planId.split('/?', 2) as [string, string];
    planId = id;
    for (const [key, value] of new URLSearchParams(rest)) if (!params.has(key)) params.set(key, value);
  }
  return { planId, extras: { reference: params.get('reference') ?? '', logoUrl: params.get('logo_url') ?? '' } };
}

/** A link to a plan's form carrying the extras along. */
function planLink(plan: Plan, extras: SignupExtras): string {
  const query = new URLSearchParams({ pkgid: plan.id });
  if (extras.reference) query.set('reference', extras.reference);
  if (extras.logoUrl) query.set('logo_url', extras.logoUrl);
  return `/signup/online_signup?${query.toString()}`;
}

/** GET /signup/ref/<partner_id>: the partner's plans. */
export function partnerPlansPage(ctx: SandboxContext, url: URL, partnerId: string): Response {
  const partner = findPartner(ctx.db, partnerId);
  if (!partner)
    return problemPage(
      'Signup link not valid',
      'This signup link names no partner. Check the link with whoever sent it.',
      404,
    );
  const { extras } = readSignupLink(url);
  const plans = listPlans(ctx.db, partner.id);
  const items = plans
    .map(
      (plan) =>
        `<li><a href="${escapeHtml(planLink(plan, extras))}">${escapeHtml(plan.name)}</a> — ${escapeHtml(plan.description)}</li>`,
    )
    .join('');
  return page(
    `Sign up with ${partner.name}`,
    plans.length ? `<p>Choose a plan:</p><ul>${items}</ul>` : '<p>This partner has no plans yet.</p>',
  );
}

/** What was typed into the form, kept when it has to be shown again. */
interface SignupForm {
  businessName: string;
  username: string;
  email: string;
}

/** The signup form of a plan, with an error and the values already entered when there is one. */
function signupForm(plan: Plan, extras: SignupExtras, values: SignupForm, error?: string): Response {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const field = (name: string, label: string, value: string, type = 'text') =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>`;
  const body = `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>Plan: <strong>${escapeHtml(plan.name)}</strong></p>
<form method="post" action="/signup/online_signup">
${hidden('pkgid', plan.id)}${hidden('reference', extras.reference)}${hidden('logo_url', extras.logoUrl)}
${field('business_name', 'Business name', values.businessName)}
${field('email', 'Email', values.email, 'email')}
${field('username', 'Username', values.username)}
<label for="password">Password (at least 8 characters)</label><input id="password" name="password" type="password" required>
<button type="submit">Create account</button>
</form>`;
  return page('Create your account', body, error ? 400 : 200);
}

/** GET /signup/online_signup?pkgid=<plan_id>: the form. */
export function signupFormPage(ctx: SandboxContext, url: URL): Response {
  const { planId, extras } = readSignupLink(url);
  const plan = planId ? findPlan(ctx.db, planId) : undefined;
  if (!plan)
    return problemPage(
      'Signup link not valid',
      'This signup link names no plan. Check the link with whoever sent it.',
      404,
    );
  return signupForm(plan, extras, { businessName: '', username: '', email: '' });
}

/** POST /signup/online_signup: creates the account and sends the partner's new-account webhook. */
export async function submitSignup(ctx: SandboxContext, request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  const plan = findPlan(ctx.db, form.get('pkgid') ?? '');
  if (!plan)
    return problemPage(
      'Signup link not valid',
      'This signup form names no plan. Start again from your signup link.',
      404,
    );
  const extras: SignupExtras = { reference: form.get('reference') ?? '', logoUrl: form.get('logo_url') ?? '' };
  const values: SignupForm = {
    businessName: (form.get('business_name') ?? '').trim(),
    username: (form.get('username') ?? '').trim(),
    email: (form.get('email') ?? '').trim(),
  };
  const password = form.get('password') ?? '';
  const error = !values.businessName
    ? 'Enter the name of your business.'
    : !isValidEmail(values.email)
      ? 'Enter a valid email address.'
      : !/^[A-Za-z0-9._-]{3,40}$/.test(values.username)
        ? 'Choose a username of 3 to 40 letters, digits, dots, dashes or underscores.'
        : findAccountByUsername(ctx.db, values.username)
          ? 'That username is taken; choose another.'
          : password.length < 8
            ? 'Choose a password of at least 8 characters.'
            : undefined;
  if (error) return signupForm(plan, extras, values, error);
  const { account, apiKey } = createAccount(ctx, {
    name: values.businessName,
    username: values.username,
    password,
    email: values.email,
    emailCredits: plan.emailCredits,
    smsCredits: plan.smsCredits,
    partnerId: plan.partnerId,
    planId: plan.id,
    logoUrl: extras.logoUrl || null,
    signupReference: extras.reference || null,
  });
  const partner = plan.partnerId ? findPartner(ctx.db, plan.partnerId) : undefined;
  if (partner?.webhookUrl) {
    ctx.sendWebhook({
      event: 'new_account',
      url: partner.webhookUrl,
      body: {
        account_username: values.username,
        account_id: account.clientId,
        api_key: apiKey,
        reference: extras.reference,
      },
    });
  }
  return page(
    'Your account is ready',
    `<p>Welcome, ${escapeHtml(values.businessName)}. You can sign in as <strong>${escapeHtml(values.username)}</strong>.</p><p>Client ID: ${escapeHtml(account.clientId)}</p>`,
    201,
  );
}
