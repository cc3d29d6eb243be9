import { MEMBER_ROLES, type MemberRole, roleDescriptions, roleLabels } from '../../../../shared/domain/member-roles';

/** A native select of the roles `allowed` (an owner grants any; nobody more than their own). */
export function RoleSelect({
  id,
  label,
  value,
  allowed = MEMBER_ROLES,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: MemberRole;
  allowed?: readonly MemberRole[];
  disabled?: boolean;
  onChange: (role: MemberRole) => void;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs disabled:opacity-50"
    >
      {allowed.map((role) => (
        <option key={role} value={role} title={roleDescriptions[role]}>
          {roleLabels[role]}
        </option>
      ))}
    </select>
  );
}
