import { route } from '@/lib/api/route';
import { deleteClient } from '@/lib/services/clients';
import { idParamSchema } from '@/lib/validation/params';

export const DELETE = route({ access: 'admin', params: idParamSchema }, async ({ params }) => {
  await deleteClient(params.id);
  return null;
});
