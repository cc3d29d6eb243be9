import { Link } from 'wouter';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <div className="space-y-2">
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      </div>
      <Button asChild variant="outline">
        <Link href="/">Go to Home</Link>
      </Button>
    </main>
  );
}
