// The repeatable groups of the guide form: languages with proficiency, and scenic-spot
// certifications with their validity.
import { Button, DatePicker, Form, Grid, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { GUIDE_LIMITS, LANGUAGE_PROFICIENCIES } from '@console/shared';
import { SpotPicker } from '@console/shared/components/spot-picker';
import { useEnumLabel, type Dictionaries } from '../../hooks';

const col = (node: ReactNode) => <Grid.Col span={12}>{node}</Grid.Col>;

export function LanguageFields({ dict }: { dict: Dictionaries }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: label(group, v) }));
  return (
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
                <Form.Item label={t('proficiency')} field={`${item.field}.proficiency`} required>
                  <Select options={options('proficiency', LANGUAGE_PROFICIENCIES)} />
                </Form.Item>
              </Grid.Col>
              <Grid.Col span={2} style={{ paddingTop: 30 }}>
                <Button
                  icon={<IconDelete />}
                  aria-label={intl.formatMessage({ id: 'guide.action.delete' })}
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
  );
}

export function CertificationFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
  return (
    <Form.List field="certifications">
      {(fields, { add, remove }) => (
        <>
          {fields.map((item, index) => (
            <Grid.Row gutter={16} key={item.key} data-testid={`certification-row-${index}`}>
              {col(
                <Form.Item label={t('spot')} field={`${item.field}.spotId`} required>
                  <SpotPicker />
                </Form.Item>,
              )}
              <Grid.Col span={10}>
                <Form.Item label={t('validUntil')} field={`${item.field}.validUntil`} required>
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              </Grid.Col>
              <Grid.Col span={2} style={{ paddingTop: 30 }}>
                <Button
                  icon={<IconDelete />}
                  aria-label={intl.formatMessage({ id: 'guide.action.delete' })}
                  onClick={() => remove(index)}
                />
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
  );
}
