import { ClockIcon, MailIcon, ShieldCheckIcon, UsersIcon, type LucideIcon } from 'lucide-react';

// Landing copy (docs/product.md §Landing page): the four feature cards and the six benefits.

export const featureCards: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Secure Integration',
    description: 'Connects directly to Microsoft Graph and reads real password expiration dates from Entra ID.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Automated Monitoring',
    description: 'Scheduled checks run automatically and send notifications based on your password policies.',
    icon: ClockIcon,
  },
  {
    title: 'Custom Emails',
    description: 'Write rich-text email templates personalised with each user’s name and expiry date.',
    icon: MailIcon,
  },
  {
    title: 'Group Filtering',
    description: 'Target the security groups that matter and exclude the ones that don’t.',
    icon: UsersIcon,
  },
];

export const benefits: readonly { title: string; description: string }[] = [
  {
    title: 'Multi-tenant support',
    description: 'Manage several companies from one account.',
  },
  {
    title: 'Flexible scheduling',
    description: 'Choose your own check times and timezone preferences.',
  },
  {
    title: 'Real expiration dates',
    description: 'Dates come straight from your directory, not from guesswork.',
  },
  {
    title: 'Complete audit trail',
    description: 'See every system activity and email delivery.',
  },
  {
    title: 'Step-by-step setup',
    description: 'A guided app registration walks you through connecting Entra ID.',
  },
  {
    title: 'Private and secure',
    description: 'Your organization’s data stays private and protected.',
  },
];
