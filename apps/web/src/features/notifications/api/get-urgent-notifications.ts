import type { Notification } from '@facturo/contract';
import { apiGet } from '../../../shared/api/api-client';

/** `GET /api/notificaciones/urgentes`. */
export async function getUrgentNotifications(): Promise<Notification[]> {
  const res = await apiGet<{ data: Notification[] }>('/api/notificaciones/urgentes');
  return res.data;
}
