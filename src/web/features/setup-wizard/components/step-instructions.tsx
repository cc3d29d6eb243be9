import type { ReactNode } from 'react';

/** A numbered list of portal actions; UI labels are set in bold like the portal shows them. */
export function StepInstructions({ children }: { children: ReactNode }) {
  return <ol className="grid list-decimal gap-2 pl-5 text-sm leading-relaxed marker:text-muted-foreground">{children}</ol>;
}

/** A label exactly as it reads in the Microsoft Entra admin center. */
export function PortalLabel({ children }: { children: ReactNode }) {
  return <strong className="font-semibold">{children}</strong>;
}

export function StepNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning-strong">{children}</p>;
}
