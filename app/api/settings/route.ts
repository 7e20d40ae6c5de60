import { route } from '@/lib/api/route';
import { getSettings, updateSettings } from '@/lib/services/settings';
import { updateSettingsSchema } from '@/lib/validation/settings';

export const GET = route({ access: 'staff' }, () => getSettings());

export const PATCH = route({ access: 'admin', body: updateSettingsSchema }, ({ user, body }) =>
  updateSettings(body, user.email),
);
