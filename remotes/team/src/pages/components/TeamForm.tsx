// The team's basic information (step 1 of the new-team form and the detail page's edit
// drawer), generated from the contract's TEAM_FIELD_SPECS (issue 27): one section per group,
// one item per field, each labelled, marked required and limited as the spec and the contract
// say. Validated with the shared contract (teamCreateBody / teamUpdateBody), every error at
// once, the server's field errors shown on their fields.
//
// One writer of the form's state (issue 25 defect 1): the form is created with its values —
// the record's for a saved team, the specs' blanks only for a new one — and parsed exactly
// as it holds them. Callers key <TeamForm> by the record's version to start it again.
import { Fragment, useCallback, useState } from 'react';
import { Divider, type FormInstance } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  TEAM_FIELD_KEYS,
  TEAM_FIELD_SPECS,
  blanksOf,
  specGroups,
  teamCreateBody,
  teamUpdateBody,
  type Team,
  type TeamInput,
} from '@console/shared';
import {
  ContractForm,
  refreshShownErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { SpecItems } from '@console/shared/components/field-specs';
import { apiErrorEnvelope } from '@console/shared/api';
import { fieldName, useIssueText, useTeamDictionaries } from '../../hooks';

export type TeamFormValues = Partial<TeamInput>;

/** Where the create form (/team/new) starts: the specs' blanks. Never merged into an edit. */
export const TEAM_CREATE_DEFAULTS = blanksOf(TEAM_FIELD_SPECS) as TeamFormValues;

/** The form's sections, in the specs' order; a section without a title (notes) has no divider. */
const TEAM_FORM_GROUPS = specGroups(TEAM_FIELD_SPECS);
const UNTITLED_GROUPS: readonly string[] = ['notes'];

/**
 * The values a form starts with: every field (so a new form replaces whatever an earlier one
 * left), from the saved team as it is, or the create defaults for a new one.
 */
export function teamFormValues(team?: Team | null): TeamFormValues {
  return Object.fromEntries(
    TEAM_FIELD_KEYS.map((key) => [key, team ? team[key] : TEAM_CREATE_DEFAULTS[key]]),
  );
}

/**
 * Reads the form as the contract's body, exactly as the form holds it (a saved team's body is
 * a PUT: every field), and answers the parsed body and the field errors.
 */
export function useCheckTeamForm(form: FormInstance) {
  const issueText = useIssueText();
  return useCallback(
    (version?: number) => {
      const values = form.getFieldsValue() as Record<string, unknown>;
      const parsed =
        version === undefined
          ? teamCreateBody.safeParse(values)
          : teamUpdateBody.safeParse({ ...values, version });
      const errors: FieldErrors = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          errors[fieldName(issue.path as PropertyKey[])] ??= issueText(issue as never);
      return { parsed, errors };
    },
    [form, issueText],
  );
}

/** Puts a 400 answer's field errors on their fields; answers whether there were any. */
export function showServerFieldErrors(
  form: FormInstance,
  err: unknown,
  text: (code: string) => string,
) {
  const envelope = apiErrorEnvelope(err);
  if (!envelope?.fields?.length) return false;
  form.setFields(
    Object.fromEntries(
      envelope.fields.map((f) => [fieldName(f.path), { error: { message: text(f.message) } }]),
    ),
  );
  return true;
}

/**
 * The form of `team` (its edit), or of a new team without one. Created with its values once;
 * key it by the team's version to start it again from another version.
 */
export function TeamForm({ form, team }: { form: FormInstance; team?: Team | null }) {
  const intl = useIntl();
  const [initialValues] = useState(() => teamFormValues(team));
  const dict = useTeamDictionaries();
  const check = useCheckTeamForm(form);

  return (
    <ContractForm
      schema={team ? teamUpdateBody : teamCreateBody}
      form={form}
      layout="vertical"
      data-testid="team-form"
      initialValues={initialValues}
      // Cross-field rules (pax total, end after start): a shown error follows both sides.
      onValuesChange={() => refreshShownErrors(form, check(team?.version).errors)}
    >
      {TEAM_FORM_GROUPS.map((group) => (
        <Fragment key={group}>
          {!UNTITLED_GROUPS.includes(group) && (
            <Divider orientation="left">
              {intl.formatMessage({ id: `team.group.${group}` })}
            </Divider>
          )}
          <SpecItems specs={TEAM_FIELD_SPECS} group={group} options={dict.options} />
        </Fragment>
      ))}
    </ContractForm>
  );
}
