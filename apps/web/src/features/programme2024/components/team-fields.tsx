import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { limits, ZTeamMember } from '@qgw/contracts';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { type FieldErrors, TextInput } from '../../applications/index.js';
import { programmeStrings as t } from '../strings.js';
import './works.css';

export interface TeamMemberValue {
  name: string;
  role: string;
}

/** A work's team: each member a name and a role; members are added and removed in place. */
export function TeamFields({
  value,
  onChange,
  errors,
}: {
  value: readonly TeamMemberValue[];
  onChange(team: TeamMemberValue[]): void;
  /** the check's problems, keyed "team" (the list) or "team.<i>.<field>" */
  errors: FieldErrors;
}) {
  const change = (i: number, patch: Partial<TeamMemberValue>) =>
    onChange(value.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const full = value.length >= limits.work.maxTeam;
  return (
    <div className="qgw-app-field" role="group" aria-label={t.team}>
      <p className="qgw-app-field-hint qgw-p24-team-hint">{t.teamHint}</p>
      {value.length === 0 && <p className="qgw-p24-team-empty">{t.teamEmpty}</p>}
      {value.map((m, i) => (
        <div className="qgw-p24-member" key={i}>
          <TextInput
            label={t.memberName(i + 1)}
            value={m.name}
            onChange={(name) => change(i, { name })}
            placeholder={t.memberNamePlaceholder}
            maxLength={maxLengthOf(ZTeamMember.shape.name)}
            error={errors[`team.${i}.name`]}
          />
          <TextInput
            label={t.memberRole(i + 1)}
            value={m.role}
            onChange={(role) => change(i, { role })}
            placeholder={t.memberRolePlaceholder}
            maxLength={maxLengthOf(ZTeamMember.shape.role)}
            error={errors[`team.${i}.role`]}
          />
          <Button
            className="qgw-p24-member-remove"
            size="small"
            fill="none"
            aria-label={t.removeMember(i + 1)}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            {t.removeMemberShort}
          </Button>
        </div>
      ))}
      <Button
        className="qgw-p24-add-member"
        size="small"
        shape="rounded"
        fill="outline"
        color="primary"
        disabled={full}
        onClick={() => onChange([...value, { name: '', role: '' }])}
      >
        <AddOutline /> {full ? t.teamFull : t.addMember}
      </Button>
      {errors.team && <div className="qgw-app-field-error">{errors.team}</div>}
    </div>
  );
}
