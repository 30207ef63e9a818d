// The team's basic information (step 1 of the new-team form and the detail page's edit
// drawer): validated with the shared contract (teamCreateBody / teamUpdateBody), every error
// at once, the server's field errors shown on their fields.
import { useCallback } from 'react';
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
import { TEAM_LIMITS, teamCreateBody, teamUpdateBody, type Team } from '@console/shared';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { apiErrorEnvelope } from '@console/shared/api';
import { dictOptions, fieldName, useIssueText, useTeamDictionaries } from '../../hooks';

export const TEAM_FORM_DEFAULTS = {
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

/** The form's values of a saved team. */
export function teamToForm(team: Team): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(TEAM_FORM_DEFAULTS).concat([
    'name',
    'agency',
    'market',
    'language',
    'leadContactName',
    'leadContactPhone',
    'startDate',
    'endDate',
  ]))
    out[key] = (team as unknown as Record<string, unknown>)[key];
  return out;
}

/** Reads the form as the contract's body; answers the parsed body and the field errors. */
export function useCheckTeamForm(form: FormInstance) {
  const issueText = useIssueText();
  return useCallback(
    (version?: number) => {
      const values = form.getFieldsValue() as Record<string, unknown>;
      const input: Record<string, unknown> = { ...TEAM_FORM_DEFAULTS };
      for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) input[k] = v;
      const schema = version === undefined ? teamCreateBody : teamUpdateBody;
      const parsed = schema.safeParse(version === undefined ? input : { ...input, version });
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

export function TeamForm({ form, editing }: { form: FormInstance; editing?: boolean }) {
  const intl = useIntl();
  const dict = useTeamDictionaries();
  const check = useCheckTeamForm(form);
  const t = (id: string) => intl.formatMessage({ id: `team.field.${id}` });
  const col = (node: React.ReactNode, span = 12) => <Grid.Col span={span}>{node}</Grid.Col>;

  return (
    <ContractForm
      schema={editing ? teamUpdateBody : teamCreateBody}
      form={form}
      layout="vertical"
      data-testid="team-form"
      initialValues={TEAM_FORM_DEFAULTS}
      // Cross-field rules (pax total, end after start): a shown error follows both sides.
      onValuesChange={() => refreshShownErrors(form, check().errors)}
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
          <ContractItem label={t('pickupTime')} field="pickupTime">
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
