import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { listClients } from '@/lib/services/clients';

export const GET = route({ access: 'staff' }, ({ req, user }) =>
  listClients({ origin: publicOrigin(req), isFullAdmin: user.isFullAdmin }),
);
