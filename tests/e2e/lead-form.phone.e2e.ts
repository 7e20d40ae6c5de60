import { E2E_CLINIC } from './clinic-profile';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { apiSignInAsAdmin, collectConsoleErrors, errorAlert, uniqueEmail, waitForHydration } from './support';
import { expectNoSeriousViolations } from './a11y-support';

/**
 * The recommendation form on a phone (spec sections 2, 3, 5 and 7): a friend scans a client's QR code, lands on
 * /recommendation-details?ref={card number}, and their details become a lead and a pending referral.
 */

const CTA = 'Tap for 5% off your Smile Story';
const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Phone number is required',
  treatment: 'Please select how we can help you',
};

interface Client {
  id: string;
  firstName: string;
  lastName: string;
  cardNumber: string;
}

interface Lead {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  treatmentInterest: string | null;
  source: string;
  recommendedBy: string | null;
  referrerId: string | null;
  enteredCardNumber: string | null;
  marketingConsent: boolean;
  marketingConsentAt: string | null;
}

interface Referral {
  id: string;
  leadId: string;
  referrerId: string;
  status: string;
  name: string;
}

/** Lower-case letters only, so that the title-cased form is predictable. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

async function registerClient(request: APIRequestContext, testInfo: TestInfo): Promise<Client> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'olivia', lastName: `referrer${letters(8)}`, email: uniqueEmail(testInfo, 'client') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Client;
}

async function leadsByEmail(request: APIRequestContext, email: string): Promise<Lead[]> {
  await apiSignInAsAdmin(request);
  // The list is paged: search for the email rather than read the first page.
  const res = await request.get(`/api/leads?limit=500&q=${encodeURIComponent(email)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Lead[]).filter((lead) => lead.email === email);
}

async function referralsOfLead(
  request: APIRequestContext,
  lead: { id: string; referrerId: string | null },
): Promise<Referral[]> {
  // A lead's referrals are its referrer's (the list is paged: ask for that client's only).
  if (!lead.referrerId) return [];
  await apiSignInAsAdmin(request);
  const res = await request.get(`/api/referrals?clientId=${lead.referrerId}&limit=500`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Referral[]).filter((referral) => referral.leadId === lead.id);
}

async function openForm(page: Page, ref?: string): Promise<void> {
  await page.goto(
    ref === undefined ? '/recommendation-details' : `/recommendation-details?ref=${encodeURIComponent(ref)}`,
  );
  await waitForHydration(submitButton(page));
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true });

function fields(page: Page) {
  return {
    firstName: page.getByLabel('First name'),
    lastName: page.getByLabel('Last name'),
    email: page.getByLabel('Email'),
    country: page.getByLabel('Country code'),
    phone: page.getByLabel('Phone number'),
    recommendedBy: page.getByLabel('Recommended by'),
    treatment: page.getByLabel('How can we help you?'),
  };
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

/** A lead typed in lower case (names) and mixed case (email), as people do on phones. */
function newPerson(testInfo: TestInfo): Person {
  return { firstName: 'amelia', lastName: `lead${letters(8)}`, email: uniqueEmail(testInfo, 'lead') };
}

async function fillForm(page: Page, person: Person): Promise<void> {
  const f = fields(page);
  await f.firstName.fill(person.firstName);
  await f.lastName.fill(person.lastName);
  await f.email.fill(person.email.toUpperCase());
  await f.phone.fill('07123456789');
  await f.treatment.selectOption({ label: 'Improve my smile' });
}

test.describe('the recommendation form on a phone', () => {
  test('scan to lead: referrer, every message, phone formatting, success, and a normalised lead with a pending referral', async ({
    page,
    request,
  }, testInfo) => {
    const consoleErrors = collectConsoleErrors(page);
    const client = await registerClient(request, testInfo);
    await openForm(page, client.cardNumber);
    const f = fields(page);

    await expect(page).toHaveTitle(`So Glad You Finally Found Us! · ${E2E_CLINIC.clinicName}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'So Glad You Finally Found Us!' }),
    ).toBeVisible();
    await expect(f.recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);
    await expect(f.recommendedBy).toHaveAttribute('readonly', '');
    await expect(f.phone).toHaveAttribute('placeholder', '7123 456789');
    await expect(f.phone).toHaveAttribute('inputmode', 'tel');
    await expect(f.phone).toHaveAttribute('autocomplete', 'tel-national');
    await expect(f.country).toHaveValue('GB');
    const cta = page.getByRole('link', { name: CTA });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', `/smile-story-offer?ref=${client.cardNumber}`);

    // Submit empty: every message beside its field, and the first field takes the focus.
    await submitButton(page).click();
    const expected = [
      [f.firstName, MESSAGES.firstName],
      [f.lastName, MESSAGES.lastName],
      [f.email, MESSAGES.email],
      [f.phone, MESSAGES.phone],
      [f.treatment, MESSAGES.treatment],
    ] as const;
    for (const [field, message] of expected) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(f.firstName).toBeFocused();

    // Fixing a field clears its message at once.
    await f.firstName.fill(newPerson(testInfo).firstName);
    await expect(page.getByText(MESSAGES.firstName)).toBeHidden();
    await expect(f.firstName).not.toHaveAttribute('aria-invalid', 'true');

    // A number that is too short.
    await f.phone.pressSequentially('12345');
    await expect(f.phone).toHaveAccessibleDescription('Please enter a valid phone number');

    // Digits only, spaced as typed: GB after 4 digits, US 3-3-4.
    await f.phone.clear();
    await f.phone.pressSequentially('7123abc456789');
    await expect(f.phone).toHaveValue('7123 456789');
    await expect(f.phone).not.toHaveAttribute('aria-invalid', 'true');
    await f.country.selectOption('US');
    await expect(f.phone).toHaveValue('712 345 6789');
    await f.phone.clear();
    await f.phone.pressSequentially('2015550123');
    await expect(f.phone).toHaveValue('201 555 0123');
    await f.country.selectOption('GB');
    await f.phone.clear();
    await f.phone.pressSequentially('7123456789');
    await expect(f.phone).toHaveValue('7123 456789');

    const person = newPerson(testInfo);
    await f.lastName.fill(person.lastName);
    await f.email.fill(`  ${person.email.toUpperCase()}  `);
    await f.treatment.selectOption({ label: 'Improve my smile' });
    for (const field of [f.lastName, f.email, f.phone, f.treatment]) {
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await submitButton(page).click();
    const thanks = page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByText('Our care co-ordinators will be in touch')).toBeVisible();
    await expect(page.getByText(`We'll thank ${client.firstName} with their reward`)).toBeVisible();
    await expect(page.getByText('+44 7123 456789')).toBeVisible();
    await expect(page.getByRole('link', { name: CTA })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Stored normalised, with a pending referral for the client.
    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    const lead = leads[0]!;
    expect(lead).toMatchObject({
      firstName: 'Amelia',
      lastName: capitalise(person.lastName),
      email: person.email,
      phone: '+447123456789',
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      recommendedBy: `${client.firstName} ${client.lastName}`,
      referrerId: client.id,
    });
    const referrals = await referralsOfLead(request, lead);
    expect(referrals).toHaveLength(1);
    expect(referrals[0]).toMatchObject({
      referrerId: client.id,
      status: 'pending',
      name: `Amelia ${capitalise(person.lastName)}`,
    });
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown card number fills "Who recommended you?" to correct, says so kindly, and the form still sends', async ({
    page,
    request,
  }, testInfo) => {
    await openForm(page, 'SC-ZZZZ-ZZZZ-ZZZZ');
    const f = fields(page);
    // Issue 29, point 4: never 'Failed to fetch referrer data'; the field is editable and holds the number.
    await expect(page.getByText('Failed to fetch referrer data')).toHaveCount(0);
    await expect(f.recommendedBy).toHaveCount(0);
    const typed = page.getByLabel('Who recommended you?');
    await expect(typed).toBeEditable();
    await expect(typed).toHaveValue('SC-ZZZZ-ZZZZ-ZZZZ');
    await expect(typed).toHaveAccessibleDescription(/couldn't read the card number in your link/);
    await expectNoSeriousViolations(page, '/recommendation-details (unknown ref)');

    // Only the phone and the treatment missing: the phone, first on the page, takes the focus.
    const person = newPerson(testInfo);
    await f.firstName.fill(person.firstName);
    await f.lastName.fill(person.lastName);
    await f.email.fill(person.email);
    await submitButton(page).click();
    await expect(f.phone).toBeFocused();
    await expect(f.phone).toHaveAccessibleDescription(MESSAGES.phone);
    await expect(f.treatment).toHaveAccessibleDescription(MESSAGES.treatment);

    await fillForm(page, person);
    await expect(f.phone).toHaveValue('07123 456789');
    await submitButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    // Truthful (issue 16): no reward is promised for a card number that matched nobody.
    await expect(page.getByText("We couldn't match the card number in your link")).toBeVisible();
    await expect(page.getByText(/We'll thank the friend who recommended you/)).toHaveCount(0);

    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    // What they left in the field is kept, for staff to attach the right client.
    expect(leads[0]).toMatchObject({
      phone: '+447123456789',
      referrerId: null,
      enteredCardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ',
      marketingConsent: false,
    });
  });

  test('a mistyped link corrected in "Who recommended you?" attaches the referrer the link meant', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    // One letter wrong in the link; the friend types the number from the card, in lower case with spaces.
    const wrong = client.cardNumber.slice(0, -1) + (client.cardNumber.endsWith('Z') ? 'Y' : 'Z');
    await openForm(page, wrong);
    await expect(page.getByLabel('Who recommended you?')).toHaveValue(wrong);
    const typed = page.getByLabel('Who recommended you?');
    await typed.fill(client.cardNumber.toLowerCase().replaceAll('-', ' '));
    const person = newPerson(testInfo);
    await fillForm(page, person);
    await submitButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    const [lead] = await leadsByEmail(request, person.email);
    expect(lead).toMatchObject({ referrerId: client.id, enteredCardNumber: null });
    expect(await referralsOfLead(request, lead!)).toHaveLength(1);
  });

  test('without a ref, "Who recommended you?" takes a name, kept for the clinic to match; the thank-you is the same', async ({
    page,
    request,
  }, testInfo) => {
    await openForm(page);
    const f = fields(page);
    await expect(f.recommendedBy).toHaveCount(0);
    const typed = page.getByLabel('Who recommended you?');
    await expect(typed).toBeEditable();
    await expect(typed).toHaveValue('');
    await expect(typed).toHaveAccessibleDescription(/card number .* or their name/);
    await expectNoSeriousViolations(page, '/recommendation-details (no ref)');
    await typed.fill('rory williams');
    const person = newPerson(testInfo);
    await fillForm(page, person);
    await submitButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    const withoutEmail = (text: string, email: string) =>
      text.toLowerCase().replaceAll(email.toLowerCase(), '<email>');
    const thanks = withoutEmail(await page.getByRole('main').innerText(), person.email);
    const [lead] = await leadsByEmail(request, person.email);
    expect(lead).toMatchObject({ recommendedBy: 'Rory Williams', referrerId: null, enteredCardNumber: null });

    // A friend who typed nothing sees exactly the same thank-you (nothing says whether a name matched).
    await openForm(page);
    const other = { ...newPerson(testInfo), lastName: person.lastName };
    await fillForm(page, other);
    await submitButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    expect(withoutEmail(await page.getByRole('main').innerText(), other.email)).toBe(thanks);
  });

  test('the same friend sending their details again sees the same screen, and nothing is recorded twice', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    const person = newPerson(testInfo);
    // The screen must not tell anyone whether these details were known already (issue 14, point 12).
    for (let time = 0; time < 2; time++) {
      await openForm(page, client.cardNumber);
      await expect(fields(page).recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);
      await fillForm(page, person);
      await submitButton(page).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
      await expect(page.getByText('Our care co-ordinators will be in touch')).toBeVisible();
      await expect(page.getByText(`We'll thank ${client.firstName} with their reward`)).toBeVisible();
      await expect(page.getByText('We already have your details')).toHaveCount(0);
    }
    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    expect(await referralsOfLead(request, leads[0]!)).toHaveLength(1);
  });

  test('a failed send keeps everything typed and says so; trying again sends it once', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await openForm(page, client.cardNumber);
    await expect(fields(page).recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);

    // The first POST is held until 'Submitting...' has been seen, then the connection drops; later ones go through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    // The form posts to its server action, at the page's own address.
    await page.route('**/recommendation-details**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) {
        await held;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });

    const person = newPerson(testInfo);
    await fillForm(page, person);
    await submitButton(page).click();
    const busy = page.getByRole('button', { name: 'Submitting...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();

    const alert = errorAlert(page, 'Please check your internet connection and try again.');
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    const f = fields(page);
    await expect(f.firstName).toHaveValue(person.firstName);
    await expect(f.lastName).toHaveValue(person.lastName);
    await expect(f.email).toHaveValue(person.email.toUpperCase());
    await expect(f.phone).toHaveValue('07123 456789');
    // Issue 29: the option's value is the clinic's label, which the lead keeps.
    await expect(f.treatment).toHaveValue('Improve my smile');
    await expect(submitButton(page)).toBeEnabled();

    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    expect(posts).toBe(2);
    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    expect(await referralsOfLead(request, leads[0]!)).toHaveLength(1);
  });

  test("the server's own messages for a refused submission sit beside their fields", async ({
    page,
    request,
  }, testInfo) => {
    await openForm(page);
    // What reaches the server is altered on the way (as an old or tampered browser might send it): the real
    // server refuses it with a 400 and its field messages.
    await page.route('**/recommendation-details**', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // The server action's fields are multipart parts ('phone', or '_1_phone' as React encodes them).
      const body = route.request().postData() ?? '';
      const altered = body.replace(/(name="(?:_?\d+_)?phone"\r\n\r\n)[^\r\n]*/, '$1123');
      expect(altered).not.toBe(body);
      return route.continue({ postData: altered });
    });
    const person = newPerson(testInfo);
    await fillForm(page, person);
    await submitButton(page).click();

    const f = fields(page);
    await expect(errorAlert(page, 'Please enter a valid phone number')).toBeVisible();
    await expect(f.phone).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(f.phone).toBeFocused();
    await expect(f.firstName).toHaveValue(person.firstName);
    expect(await leadsByEmail(request, person.email)).toHaveLength(0);
  });

  test('keyboard only: the mistakes, then filling and sending the form', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await openForm(page, client.cardNumber);
    const f = fields(page);
    await expect(f.recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);

    // The clinic's phone (issue 16: who will call), the offer, then the fields in order, the optional
    // marketing box last.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: E2E_CLINIC.clinicPhone })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: CTA })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.firstName).toBeFocused();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: /news and offers/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(f.firstName).toBeFocused();
    await expect(f.firstName).toHaveAccessibleDescription(MESSAGES.firstName);

    const person = newPerson(testInfo);
    await page.keyboard.type(person.firstName);
    await page.keyboard.press('Tab');
    await expect(f.lastName).toBeFocused();
    await page.keyboard.type(person.lastName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(person.email);
    await page.keyboard.press('Tab');
    await expect(f.country).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.phone).toBeFocused();
    await page.keyboard.type('7123456789');
    await expect(f.phone).toHaveValue('7123 456789');
    await page.keyboard.press('Tab');
    await expect(f.recommendedBy).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.treatment).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(f.treatment).toHaveValue('Replace missing teeth');
    await page.keyboard.press('Tab');
    // The box stays unticked unless the visitor ticks it: Space ticks it.
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      treatmentInterest: 'replace-missing-teeth',
      referrerId: client.id,
      marketingConsent: true,
    });
    expect(Date.parse(leads[0]!.marketingConsentAt!)).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  test('the offer opens the built-in 5% page, whose way back keeps the referrer and what was typed', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await openForm(page, client.cardNumber);
    const f = fields(page);
    const person = newPerson(testInfo);
    await f.firstName.fill(person.firstName);
    await f.phone.fill('7123456789');

    await page.getByRole('link', { name: CTA }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/smile-story-offer');
    await expect(page.getByRole('heading', { level: 1, name: '5% off your Smile Story' })).toBeVisible();
    // Issue 29: the steps promise only the clinic's own offer; the details and terms are its words.
    await expect(page.getByText('Mention the offer', { exact: true })).toBeVisible();
    await expect(page.getByText(/As their friend, you get 5% off your Smile Story with us/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'Back to the recommendation form' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/recommendation-details');
    await expect(f.recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);
    await expect(f.firstName).toHaveValue(person.firstName);
    await expect(f.phone).toHaveValue('7123 456789');
  });
});

test.describe('the recommendation form without JavaScript (issue 19)', () => {
  test.use({ javaScriptEnabled: false });

  test('a phone that runs no script sends the form: mistakes come back beside their fields, then the lead is stored', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.goto(`/recommendation-details?ref=${encodeURIComponent(client.cardNumber)}`);
    const f = fields(page);
    // The referrer is named by the server, not by a script.
    await expect(f.recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);

    // A first post with the phone and the treatment missing: the page comes back with what was typed and the
    // spec's messages beside their fields.
    const person = newPerson(testInfo);
    await f.firstName.fill(person.firstName);
    await f.lastName.fill(person.lastName);
    await f.email.fill(person.email);
    await submitButton(page).click();
    await expect(f.phone).toHaveAccessibleDescription(MESSAGES.phone);
    await expect(f.treatment).toHaveAccessibleDescription(MESSAGES.treatment);
    await expect(f.firstName).toHaveValue(person.firstName);
    await expect(f.email).toHaveValue(person.email);
    await expect(f.recommendedBy).toHaveValue(`${client.firstName} ${client.lastName}`);
    await expect(errorAlert(page, MESSAGES.phone)).toBeVisible();
    expect(await leadsByEmail(request, person.email)).toHaveLength(0);

    await f.phone.fill('07123 456789');
    await f.treatment.selectOption({ label: 'Improve my smile' });
    await page.getByRole('checkbox', { name: /news and offers/ }).check();
    await submitButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeVisible();
    await expect(page.getByText(`We'll thank ${client.firstName} with their reward`)).toBeVisible();

    const leads = await leadsByEmail(request, person.email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      firstName: 'Amelia',
      lastName: capitalise(person.lastName),
      email: person.email,
      phone: '+447123456789',
      treatmentInterest: 'improve-my-smile',
      referrerId: client.id,
      marketingConsent: true,
    });
    expect(await referralsOfLead(request, leads[0]!)).toHaveLength(1);
  });
});
