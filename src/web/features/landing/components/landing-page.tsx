import { ArrowRightIcon, CircleCheckIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { navigateToServerRoute } from '@/lib/navigation';
import { benefits, featureCards } from './landing-content';

const signIn = () => navigateToServerRoute('/api/login');

/** What signed-out visitors see on every app route. */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-accent/60 via-background to-background">
      <header className="mx-auto flex max-w-6xl items-center px-4 py-5 sm:px-6">
        <Brand />
      </header>

      <main>
        <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <p className="mb-4 inline-flex items-center rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            For Microsoft 365 and Entra ID administrators
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Passwatch Automation</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
            Passwatch monitors your users’ passwords and sends automated alerts before they expire, so nobody gets locked out and your help desk stays quiet.
          </p>
          <div className="mt-8 flex justify-center">
            <Button size="lg" onClick={signIn}>
              Get Started
              <ArrowRightIcon aria-hidden />
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {featureCards.map(({ title, description, icon: Icon }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader className="gap-3">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <CardTitle>{title}</CardTitle>
                    <CardDescription className="leading-relaxed">{description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="benefits-heading" className="border-y bg-card">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight">
              Why Choose Our Solution?
            </h2>
            <ul className="mt-10 grid gap-x-10 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
              {benefits.map(({ title, description }) => (
                <li key={title} className="flex gap-3">
                  <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  <div>
                    <p className="font-medium">{title}</p>
                    <p className="text-sm text-muted-foreground">{description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="get-started-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
            <h2 id="get-started-heading" className="text-3xl font-bold tracking-tight">
              Ready to Get Started?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">
              Connect your organization, choose who gets reminded and when, and let Passwatch handle the rest.
            </p>
            <Button size="lg" variant="secondary" className="mt-8" onClick={signIn}>
              Sign Up Now
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">Passwatch: password expiry reminders for Microsoft 365.</footer>
    </div>
  );
}
