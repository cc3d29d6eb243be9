import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, announcementsResponse, type Announcement, type AnnouncementBody } from '../../../../shared/api/account-mail';
import { getJson, requestJson } from '@/lib/api-client';
import { operatorAuditQueryKey } from './get-operator-audit';

const announcementsQueryKey = ['/api/admin/announcements'] as const;

/** GET /api/admin/announcements: the latest system updates, newest first. */
export function useAnnouncements() {
  return useQuery({
    queryKey: announcementsQueryKey,
    queryFn: ({ signal }) => getJson('/api/admin/announcements', announcementsResponse, signal),
  });
}

/** POST /api/admin/announcements: mails a system update to every user with System Updates on (and audits it). */
export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody): Promise<Announcement> => requestJson('POST', '/api/admin/announcements', announcementSchema, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: announcementsQueryKey }), queryClient.invalidateQueries({ queryKey: operatorAuditQueryKey })]),
  });
}
