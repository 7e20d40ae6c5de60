/**
 * The answers of the passkey endpoints (issue 31): each a zod schema (the contract, checked against every real
 * answer in the integration suite) with its type, and the pure row → DTO mapper. Safe to import from the
 * browser (the Prisma import is a type).
 */
import type { Passkey } from '@/lib/generated/prisma/client';
import { z } from '@/lib/validation/zod';

export const PASSKEY_STORAGE = ['Synced', 'This device only'] as const;
export type PasskeyStorage = (typeof PASSKEY_STORAGE)[number];

/** One of the signed-in account's passkeys, as Settings → Security lists it. */
export const passkeySchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: 'The name its owner gave it (1–60 characters).' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Its last sign-in or step-up; null: never.' }),
    storage: z.enum(PASSKEY_STORAGE).meta({
      description:
        "'Synced': a copy is kept by a password manager or the phone's account, so it survives a lost " +
        "device; 'This device only': it lives on one device or security key.",
    }),
  })
  .meta({ id: 'Passkey', description: 'A passkey of the signed-in account.' });
export type PasskeyDto = z.infer<typeof passkeySchema>;

/** POST /api/account/passkeys: the new passkey, and the recovery codes when it was the first second factor. */
export const addedPasskeySchema = z
  .object({
    passkey: passkeySchema,
    recoveryCodes: z
      .array(z.string())
      .nullable()
      .meta({
        description:
          'Ten recovery codes, shown this once, when this passkey is the account’s first second factor; null ' +
          'otherwise (the codes it has still work).',
      }),
  })
  .meta({ id: 'AddedPasskey' });
export type AddedPasskeyDto = z.infer<typeof addedPasskeySchema>;

/**
 * What the browser passes to startRegistration() / startAuthentication() (@simplewebauthn/browser): the
 * library's PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, passed through.
 */
export const registrationOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  })
  .meta({
    id: 'PasskeyRegistrationOptions',
    description:
      'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), for navigator.credentials.create(): pass it ' +
      'to @simplewebauthn/browser’s startRegistration({ optionsJSON }).',
  });

export const authenticationOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional() })
  .meta({
    id: 'PasskeyAuthenticationOptions',
    description:
      'PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3), for navigator.credentials.get(): pass it to ' +
      '@simplewebauthn/browser’s startAuthentication({ optionsJSON }).',
  });

/** POST /api/account/step-up/passkey: when this session used its second factor (now). */
export const passkeyStepUpSchema = z.object({
  secondFactorAt: z.iso
    .datetime()
    .meta({ description: 'When this session last used a second factor (now).' }),
});
export type PasskeyStepUpDto = z.infer<typeof passkeyStepUpSchema>;

/** 'multiDevice' credentials that are backed up are kept by a password manager: synced. */
export function passkeyStorage(row: Pick<Passkey, 'deviceType' | 'backedUp'>): PasskeyStorage {
  return row.deviceType === 'multiDevice' && row.backedUp ? 'Synced' : 'This device only';
}

export function toPasskeyDto(
  row: Pick<Passkey, 'id' | 'name' | 'createdAt' | 'lastUsedAt' | 'deviceType' | 'backedUp'>,
): PasskeyDto {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    storage: passkeyStorage(row),
  };
}
