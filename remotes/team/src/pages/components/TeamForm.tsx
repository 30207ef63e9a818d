// The team's basic information (step 1 of the new-team form and the detail page's edit
// drawer): validated with the shared contract (teamCreateBody / teamUpdateBody), every error
// at once, the server's field errors shown on their fields.
//
// One writer of the form's state (issue 25 defect 1): the form is created with its values —
// the record's for a saved team, the create defaults only for a new one — and parsed exactly
// as it holds them. Callers key <TeamForm> by the record's version to start it again.
import { useCallback, useState } from 'react';
import {
  DatePicker,
  Divider,
  Grid,
  Input,
  InputNumber,
  Select,
  Switch,
  TimePicker,
  type FormInstance,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  TEAM_LIMITS,
  teamCreateBody,
  teamFields,
  teamUpdateBody,
  type Team,
  type TeamInput,
} from '@console/shared';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { apiErrorEnvelope } from '@console/shared/api';
import { dictOptions, fieldName, useIssueText, useTeamDictionaries } from '../../hooks';

/** The fields of the form: the contract's editable fields, every one of them. */
const TEAM_FORM_FIELDS = Object.keys(teamFields) as (keyof typeof teamFields)[];
export type TeamFormValues = Partial<TeamInput>;

/** Where the create form (/team/new) starts. Never merged into an edit. */
export const TEAM_CREATE_DEFAULTS: TeamFormValues = {
  paxAdults: 1,
  paxChildren: 0,
  paxSeniors: 0,
  vip: false,
  agencyRef: '',
  escortName: '',
  escortPhone: '',
  pickupPoint: '',
  pickupTime: '',
  notes: '',
};

/**
 * The values a form starts with: every field (so a new form replaces whatever an earlier one
 * left), from the saved team as it is, or the create defaults for a new one.
 */
export function teamFormValues(team?: Team | null): TeamFormValues {
  return Object.fromEntries(
    TEAM_FORM_FIELDS.map((key) => [key, team ? team[key] : TEAM_CREATE_DEFAULTS[key]]),
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
  const t = (id: string) => intl.formatMessage({ id: `team.field.${id}` });
  const col = (node: React.ReactNode, span = 12) => <Grid.Col span={span}>{node}</Grid.Col>;

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
      <Divider orientation="left">{intl.formatMessage({ id: 'team.group.basic' })}</Divider>
      <Grid.Row gutter={16}>
        {col(
          <ContractItem label={t('name')} field="name">
            <Input
              maxLength={{ length: TEAM_LIMITS.nameMax, errorOnly: true }}
              showWordLimit
              data-testid="field-name"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('agency')} field="agency">
            <Select
              showSearch
              options={dictOptions(dict.agencies, dict.agencyLabel)}
              data-testid="field-agency"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('agencyRef')} field="agencyRef">
            <Input maxLength={{ length: TEAM_LIMITS.agencyRefMax, errorOnly: true }} />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('market')} field="market">
            <Select
              options={dictOptions(dict.markets, dict.marketLabel)}
              data-testid="field-market"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('language')} field="language">
            <Select
              showSearch
              options={dictOptions(dict.languages, dict.languageLabel)}
              data-testid="field-language"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('vip')} field="vip" triggerPropName="checked">
            <Switch data-testid="field-vip" />
          </ContractItem>,
        )}
      </Grid.Row>
      <Divider orientation="left">{intl.formatMessage({ id: 'team.group.pax' })}</Divider>
      <Grid.Row gutter={16}>
        {col(
          <ContractItem label={t('paxAdults')} field="paxAdults">
            <InputNumber precision={0} data-testid="field-paxAdults" />
          </ContractItem>,
          8,
        )}
        {col(
          <ContractItem label={t('paxChildren')} field="paxChildren">
            <InputNumber precision={0} data-testid="field-paxChildren" />
          </ContractItem>,
          8,
        )}
        {col(
          <ContractItem label={t('paxSeniors')} field="paxSeniors">
            <InputNumber precision={0} data-testid="field-paxSeniors" />
          </ContractItem>,
          8,
        )}
      </Grid.Row>
      <Divider orientation="left">{intl.formatMessage({ id: 'team.group.period' })}</Divider>
      <Grid.Row gutter={16}>
        {col(
          <ContractItem label={t('startDate')} field="startDate">
            <DatePicker style={{ width: '100%' }} data-testid="field-startDate" />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('endDate')} field="endDate">
            <DatePicker style={{ width: '100%' }} data-testid="field-endDate" />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('pickupPoint')} field="pickupPoint">
            <Input maxLength={{ length: TEAM_LIMITS.pickupPointMax, errorOnly: true }} />
          </ContractItem>,
        )}
        {col(
          <ContractItem
            label={t('pickupTime')}
            field="pickupTime"
            // A cleared time is no time (''), the contract's blank.
            normalize={(value: string | undefined) => value ?? ''}
          >
            <TimePicker format="HH:mm" style={{ width: '100%' }} />
          </ContractItem>,
        )}
      </Grid.Row>
      <Divider orientation="left">{intl.formatMessage({ id: 'team.group.contacts' })}</Divider>
      <Grid.Row gutter={16}>
        {col(
          <ContractItem label={t('leadContactName')} field="leadContactName">
            <Input
              maxLength={{ length: TEAM_LIMITS.contactNameMax, errorOnly: true }}
              data-testid="field-leadContactName"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('leadContactPhone')} field="leadContactPhone">
            <Input
              maxLength={{ length: 11, errorOnly: true }}
              data-testid="field-leadContactPhone"
            />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('escortName')} field="escortName">
            <Input maxLength={{ length: TEAM_LIMITS.contactNameMax, errorOnly: true }} />
          </ContractItem>,
        )}
        {col(
          <ContractItem label={t('escortPhone')} field="escortPhone">
            <Input maxLength={{ length: 11, errorOnly: true }} />
          </ContractItem>,
        )}
      </Grid.Row>
      <ContractItem label={t('notes')} field="notes">
        <Input.TextArea
          maxLength={{ length: TEAM_LIMITS.notesMax, errorOnly: true }}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="field-notes"
        />
      </ContractItem>
    </ContractForm>
  );
}
