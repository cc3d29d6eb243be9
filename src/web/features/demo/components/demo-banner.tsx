import { FlaskConicalIcon, InfoIcon } from 'lucide-react';
import { useAppInfo } from '@/lib/app-info';

/** Thin bars at the very top: demo mode notice, and how to become the operator admin. */
export function DemoBanner() {
  const { data: appInfo } = useAppInfo();
  if (!appInfo) return null;
  return (
    <>
      {appInfo.demoMode && (
        <section
          aria-label="Demo mode"
          className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning/25 px-4 py-1.5 text-center text-xs text-warning-strong"
        >
          <span className="inline-flex items-center gap-1.5 font-medium">
            <FlaskConicalIcon className="size-3.5" aria-hidden />
            Demo mode: the directory, payments and sign-in are simulated.
          </span>
          {appInfo.simulatedMailboxUrl && (
            <a href={appInfo.simulatedMailboxUrl} target="_blank" rel="noreferrer" className="font-semibold underline underline-offset-2 hover:no-underline">
              Simulated mailbox
            </a>
          )}
          {appInfo.accountMailSinkUrl && (
            <a href={appInfo.accountMailSinkUrl} target="_blank" rel="noreferrer" className="font-semibold underline underline-offset-2 hover:no-underline">
              Account mail (SMTP)
            </a>
          )}
        </section>
      )}
      {appInfo.adminHint && (
        <div className="flex items-center justify-center gap-1.5 bg-accent px-4 py-1.5 text-center text-xs text-accent-foreground">
          <InfoIcon className="size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0 wrap-anywhere">{appInfo.adminHint}</span>
        </div>
      )}
    </>
  );
}
