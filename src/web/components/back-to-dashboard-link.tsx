import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

export function BackToDashboardLink({ href = '/dashboard' }: { href?: '/' | '/dashboard' }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={href}>
        <ArrowLeftIcon aria-hidden />
        Back to Dashboard
      </Link>
    </Button>
  );
}
