// Create and edit a guide in a drawer: grouped fields, validated with the shared contract
// (messages in both languages from GUIDE_VALIDATION_MESSAGES), server field errors shown on
// their fields.
import { useEffect, useState } from 'react';
import {
  Button,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Message,
  Select,
  Space,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import {
  EMPLOYMENT_TYPES,
  GENDERS,
  GUIDE_LEVELS,
  GUIDE_LIMITS,
  LANGUAGE_PROFICIENCIES,
  LICENCE_TYPES,
  guideCreateBody,
  guideUpdateBody,
  type Guide,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { guideApi } from '../../api';
import { useEnumLabel, useGuideDictionaries, useValidationText } from '../../hooks';

/** zod / server path (`languages.0.language`) → Arco field name (`languages[0].language`). */
const fieldName = (path: readonly PropertyKey[] | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');

const EMPTY = {
  gender: 'female',
  employmentType: 'staff',
  licenceType: 'national',
  level: 'junior',
  maxGroupSize: 40,
  languages: [{ language: 'zh', proficiency: 'native' }],
  specialties: [],
  certifications: [],
};

function toForm(g: Guide) {
  return {
    ...g,
    certifications: g.certifications.map(({ spotId, validUntil }) => ({ spotId, validUntil })),
  };
}

export function GuideDrawer(props: {
  /** The guide to edit; null creates a new one. */
  guide: Guide | null;
  visible: boolean;
  onClose(): void;
  onSaved(guide: Guide): void;
}) {
  const { guide, visible } = props;
  const intl = useIntl();
  const label = useEnumLabel();
  const text = useValidationText();
  const dict = useGuideDictionaries();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [spots, setSpots] = useState<{ id: number; code: string; name: string }[]>([]);
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(guide ? toForm(guide) : EMPTY);
    guideApi
      .spots()
      .then((page) => setSpots(page.list))
      .catch(() => setSpots([]));
  }, [visible, guide, form]);

  const submit = async () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const input = {
      code: '',
      name: '',
      email: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      avatar: '',
      homeCity: '',
      ...Object.fromEntries(
        Object.entries(values).filter(([, v]) => v !== undefined && v !== null),
      ),
      languages: ((values.languages as unknown[]) ?? []).filter(Boolean),
      specialties: (values.specialties as string[]) ?? [],
      certifications: ((values.certifications as unknown[]) ?? []).filter(Boolean),
      ...(guide ? { version: guide.version } : {}),
    };
    const keys = Object.keys(guide ? guideUpdateBody.shape : guideCreateBody.shape);
    const body = Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));
    const parsed = (guide ? guideUpdateBody : guideCreateBody).safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, { error: { message: string } }> = {};
      for (const issue of parsed.error.issues) {
        const name = fieldName(issue.path);
        // A field left empty reaches the contract as undefined: say "required", not zod's text.
        const code = issue.code === 'invalid_type' ? 'required' : issue.message;
        fields[name] ??= { error: { message: text(code) } };
      }
      form.setFields(fields);
      Message.error(intl.formatMessage({ id: 'guide.message.fixErrors' }));
      return;
    }
    setSaving(true);
    try {
      const saved = guide
        ? await guideApi.update(guide.id, parsed.data as never)
        : await guideApi.create(parsed.data as never);
      Message.success(
        intl.formatMessage({ id: guide ? 'guide.message.saved' : 'guide.message.created' }),
      );
      props.onSaved(saved);
    } catch (err) {
      const envelope = apiErrorEnvelope(err);
      if (envelope?.fields?.length) {
        form.setFields(
          Object.fromEntries(
            envelope.fields.map((f) => [
              fieldName(f.path),
              { error: { message: text(f.message) } },
            ]),
          ),
        );
      }
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };

  const col = (node: React.ReactNode) => <Grid.Col span={12}>{node}</Grid.Col>;
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: label(group, v) }));

  return (
    <Drawer
      width={720}
      title={
        guide
          ? intl.formatMessage({ id: 'guide.drawer.edit' }, { name: guide.name })
          : intl.formatMessage({ id: 'guide.drawer.create' })
      }
      visible={visible}
      onCancel={props.onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={intl.formatMessage({ id: 'guide.action.save' })}
      cancelText={intl.formatMessage({ id: 'guide.action.cancel' })}
      unmountOnExit
    >
      <Form form={form} layout="vertical" data-testid="guide-form">
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.identity' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('code')} field="code">
              <Input
                placeholder={intl.formatMessage({ id: 'guide.placeholder.codeAuto' })}
                maxLength={GUIDE_LIMITS.codeMax}
              />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('name')} field="name" required>
              <Input maxLength={GUIDE_LIMITS.nameMax} data-testid="field-name" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('gender')} field="gender" required>
              <Select options={options('gender', GENDERS)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('birthDate')} field="birthDate" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-birthDate" />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.contact' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('phone')} field="phone" required>
              <Input maxLength={11} data-testid="field-phone" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('email')} field="email">
              <Input maxLength={GUIDE_LIMITS.emailMax} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('emergencyContactName')} field="emergencyContactName">
              <Input maxLength={GUIDE_LIMITS.nameMax} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('emergencyContactPhone')} field="emergencyContactPhone">
              <Input maxLength={11} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('homeCity')} field="homeCity">
              <Input maxLength={GUIDE_LIMITS.cityMax} data-testid="field-homeCity" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('employmentType')} field="employmentType" required>
              <Select options={options('employment', EMPLOYMENT_TYPES)} />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.licence' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <Form.Item label={t('licenceNo')} field="licenceNo" required>
              <Input maxLength={GUIDE_LIMITS.licenceNoMax} data-testid="field-licenceNo" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('licenceType')} field="licenceType" required>
              <Select options={options('licenceType', LICENCE_TYPES)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('level')} field="level" required>
              <Select options={options('level', GUIDE_LEVELS)} />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('levelObtainedOn')} field="levelObtainedOn" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-levelObtainedOn" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('licenceExpiry')} field="licenceExpiry" required>
              <DatePicker style={{ width: '100%' }} data-testid="field-licenceExpiry" />
            </Form.Item>,
          )}
          {col(
            <Form.Item label={t('maxGroupSize')} field="maxGroupSize" required>
              <InputNumber
                min={GUIDE_LIMITS.groupSizeMin}
                max={GUIDE_LIMITS.groupSizeMax}
                precision={0}
              />
            </Form.Item>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.skills' })}</Divider>
        <Form.List field="languages">
          {(fields, { add, remove }) => (
            <>
              {fields.map((item, index) => (
                <Grid.Row gutter={16} key={item.key} data-testid={`language-row-${index}`}>
                  {col(
                    <Form.Item label={t('language')} field={`${item.field}.language`} required>
                      <Select
                        showSearch
                        options={dict.languages.map((l) => ({
                          value: l.value,
                          label: dict.languageLabel(l.value),
                        }))}
                      />
                    </Form.Item>,
                  )}
                  <Grid.Col span={10}>
                    <Form.Item
                      label={t('proficiency')}
                      field={`${item.field}.proficiency`}
                      required
                    >
                      <Select options={options('proficiency', LANGUAGE_PROFICIENCIES)} />
                    </Form.Item>
                  </Grid.Col>
                  <Grid.Col span={2} style={{ paddingTop: 30 }}>
                    <Button
                      icon={<IconDelete />}
                      onClick={() => remove(index)}
                      disabled={fields.length <= 1}
                    />
                  </Grid.Col>
                </Grid.Row>
              ))}
              <Form.Item field="languages">
                <Button
                  icon={<IconPlus />}
                  onClick={() => add({ proficiency: 'working' })}
                  disabled={fields.length >= GUIDE_LIMITS.languagesMax}
                  data-testid="add-language"
                >
                  {intl.formatMessage({ id: 'guide.action.addLanguage' })}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Form.Item label={t('specialties')} field="specialties">
          <Select
            mode="multiple"
            allowClear
            options={dict.specialties.map((s) => ({
              value: s.value,
              label: dict.specialtyLabel(s.value),
            }))}
          />
        </Form.Item>
        <Divider orientation="left">
          {intl.formatMessage({ id: 'guide.group.certifications' })}
        </Divider>
        <Form.List field="certifications">
          {(fields, { add, remove }) => (
            <>
              {fields.map((item, index) => (
                <Grid.Row gutter={16} key={item.key} data-testid={`certification-row-${index}`}>
                  {col(
                    <Form.Item label={t('spot')} field={`${item.field}.spotId`} required>
                      <Select
                        showSearch
                        filterOption={(input, option) =>
                          String(
                            (option as { props?: { children?: unknown } }).props?.children ?? '',
                          )
                            .toLowerCase()
                            .includes(input.toLowerCase())
                        }
                        options={spots.map((s) => ({
                          value: s.id,
                          label: `${s.name}（${s.code}）`,
                        }))}
                      />
                    </Form.Item>,
                  )}
                  <Grid.Col span={10}>
                    <Form.Item label={t('validUntil')} field={`${item.field}.validUntil`} required>
                      <DatePicker style={{ width: '100%' }} />
                    </Form.Item>
                  </Grid.Col>
                  <Grid.Col span={2} style={{ paddingTop: 30 }}>
                    <Button icon={<IconDelete />} onClick={() => remove(index)} />
                  </Grid.Col>
                </Grid.Row>
              ))}
              <Space>
                <Button
                  icon={<IconPlus />}
                  onClick={() => add({})}
                  disabled={fields.length >= GUIDE_LIMITS.certificationsMax}
                  data-testid="add-certification"
                >
                  {intl.formatMessage({ id: 'guide.action.addCertification' })}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
