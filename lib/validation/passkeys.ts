/**
 * The passkey endpoints' inputs (issue 31): a passkey's name, and the browser's WebAuthn answers as
 * @simplewebauthn/browser sends them (RegistrationResponseJSON, AuthenticationResponseJSON). The WebAuthn
 * shapes are checked loosely but safely here (an object with the expected base64url strings, each of a bounded
 * size); the cryptographic checks are the library's (lib/services/account/passkeys.ts).
 */
import { INVISIBLE_TEXT_TEXT, isVisibleText } from './names';
import { z } from './zod';

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_NAME_REQUIRED_TEXT = 'Give the passkey a name, for example ‘Reception laptop’.';
export const PASSKEY_NAME_LENGTH_TEXT = `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters.`;
export const PASSKEY_RESPONSE_TEXT =
  'The passkey’s answer was not understood. Please try again, or use another browser.';

const nameText = z
  .string({ error: 'A passkey’s name must be text.' })
  .trim()
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_LENGTH_TEXT)
  .refine(isVisibleText, INVISIBLE_TEXT_TEXT);

/** Renaming: required, 1–60 characters once trimmed. */
export const passkeyNameField = nameText.pipe(z.string().min(1, PASSKEY_NAME_REQUIRED_TEXT));

/** Adding: optional; left out, null or blank, the server names it after the browser ('Passkey on Chrome on Windows'). */
export const optionalPasskeyNameField = nameText
  .nullish()
  .transform((v) => (v ? v : undefined))
  .meta({ description: 'What to call it (1–60 characters); left out or blank: named after the browser.' });

/** A base64url string (padding allowed, as some authenticators' libraries add it) of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_RESPONSE_TEXT })
    .max(max, PASSKEY_RESPONSE_TEXT)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PASSKEY_RESPONSE_TEXT);

/** A credential's id: at most 1,023 bytes (WebAuthn), so at most 1,364 base64url characters. */
const credentialId = base64url(1_400);

const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: PASSKEY_RESPONSE_TEXT }),
  authenticatorAttachment: z.string().max(40).nullish(),
  clientExtensionResults: z
    .record(z.string().max(100), z.unknown(), { error: PASSKEY_RESPONSE_TEXT })
    .optional()
    .default({}),
};

/** navigator.credentials.create()'s answer, as startRegistration() sends it. */
export const registrationResponseSchema = z
  .object(
    {
      ...common,
      response: z.object(
        {
          clientDataJSON: base64url(8_000),
          // 'none' attestation is small; a packed or TPM one carries certificates (a few KB).
          attestationObject: base64url(48_000),
          authenticatorData: base64url(16_000).optional(),
          transports: z.array(z.string().max(40), { error: PASSKEY_RESPONSE_TEXT }).max(10).optional(),
          publicKeyAlgorithm: z.number().int().optional(),
          publicKey: base64url(8_000).optional(),
        },
        { error: PASSKEY_RESPONSE_TEXT },
      ),
    },
    { error: PASSKEY_RESPONSE_TEXT },
  )
  .meta({
    id: 'PasskeyRegistrationResponse',
    description: 'What @simplewebauthn/browser’s startRegistration() answers (RegistrationResponseJSON).',
  });

/** navigator.credentials.get()'s answer, as startAuthentication() sends it. */
export const authenticationResponseSchema = z
  .object(
    {
      ...common,
      response: z.object(
        {
          clientDataJSON: base64url(8_000),
          authenticatorData: base64url(16_000),
          signature: base64url(8_000),
          // A user handle is at most 64 bytes.
          userHandle: base64url(100).nullish(),
        },
        { error: PASSKEY_RESPONSE_TEXT },
      ),
    },
    { error: PASSKEY_RESPONSE_TEXT },
  )
  .meta({
    id: 'PasskeyAuthenticationResponse',
    description: 'What @simplewebauthn/browser’s startAuthentication() answers (AuthenticationResponseJSON).',
  });

/** POST /api/account/passkeys: the new passkey's name and the browser's answer to the options. */
export const addPasskeySchema = z.strictObject({
  name: optionalPasskeyNameField,
  response: registrationResponseSchema,
});
export type AddPasskeyInput = z.input<typeof addPasskeySchema>;

/** The form on Settings → Security: just the name (the browser makes the rest). */
export const passkeyNameFormSchema = z.object({ name: optionalPasskeyNameField });

/** PATCH /api/account/passkeys/{id}. */
export const renamePasskeySchema = z.strictObject({ name: passkeyNameField });
export type RenamePasskeyInput = z.input<typeof renamePasskeySchema>;

/** POST /api/login/passkey and POST /api/account/step-up/passkey: the browser's signed answer. */
export const passkeyAssertionSchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeyAssertionInput = z.input<typeof passkeyAssertionSchema>;
