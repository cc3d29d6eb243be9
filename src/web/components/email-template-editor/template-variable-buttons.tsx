import { useId } from 'react';
import type { Editor } from '@tiptap/react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../../shared/domain/configuration-defaults';

const variableDescriptions: Record<TemplateVariable, string> = {
  '{{userName}}': "The recipient's display name",
  '{{daysRemaining}}': 'Days until the password expires',
  '{{expirationDate}}': 'The date the password expires',
  '{{companyName}}': "Your organization's name",
  '{{userPrincipalName}}': "The recipient's sign-in name (user principal name)",
  '{{changePasswordUrl}}': "Microsoft's page where users change their password",
};

/** Inserts a placeholder at the cursor; each recipient's email gets their own value in its place. */
export function TemplateVariableButtons({ editor }: { editor: Editor | null }) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons named by its label, not a form section; a fieldset would bring its own box and legend rules
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-1.5">
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        Insert variable:
      </span>
      {TEMPLATE_VARIABLES.map((variable) => (
        <Tooltip key={variable}>
          <TooltipTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="h-7 px-2 font-mono text-xs"
              disabled={editor === null}
              onClick={() => editor?.chain().focus().insertContent(variable).run()}
            >
              {variable}
            </Button>
          </TooltipTrigger>
          <TooltipContent>{variableDescriptions[variable]}</TooltipContent>
        </Tooltip>
      ))}
    </div>
  );
}
