import { useMutation } from '@tanstack/react-query';
import { weeklyReportNowResponse, type WeeklyReportNow } from '../../../../shared/api/account-mail';
import { requestJson } from '@/lib/api-client';

/** POST /api/demo/weekly-report (demo mode): the selected organization's weekly report, now. */
export function useSendWeeklyReportNow() {
  return useMutation({
    mutationFn: (): Promise<WeeklyReportNow> => requestJson('POST', '/api/demo/weekly-report', weeklyReportNowResponse, {}),
  });
}
