import { route } from '@/lib/api/route';
import * as settings from '@/lib/contract/settings';
import { getSettings, updateSettings } from '@/lib/services/settings';

export const GET = route(settings.get, () => getSettings());

export const PATCH = route(settings.update, ({ user, body }) => updateSettings(body, user.email));
