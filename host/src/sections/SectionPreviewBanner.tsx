// Shown while this browser previews section versions other than the pinned ones (issue 5).
import { useEffect, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Alert, Button } from '@arco-design/web-react';
import { messagesFor } from '@console/shared/i18n';
import { selectLocale, useAppSelector } from '@console/shared/store';
import { sectionVersionsMessages } from '../pages/section-versions/locale';
import { appliedPreviews, endPreview, type AppliedPreview } from './preview';
import { registerSections } from './registry';

function Banner({ previews }: { previews: AppliedPreview[] }) {
  const intl = useIntl();
  const sections = previews
    .map(
      (p) =>
        `${intl.formatMessage({ id: `menu.${p.section}` })} ${p.version} (${
          p.pinned ?? intl.formatMessage({ id: 'sectionVersions.none' })
        } → ${p.version})`,
    )
    .join(', ');
  return (
    <Alert
      type="warning"
      banner
      data-testid="section-preview-banner"
      content={intl.formatMessage({ id: 'sectionPreview.banner' }, { sections })}
      action={
        <Button size="mini" type="primary" onClick={endPreview} data-testid="section-preview-back">
          {intl.formatMessage({ id: 'sectionPreview.back' })}
        </Button>
      }
    />
  );
}

export function SectionPreviewBanner() {
  const parent = useIntl();
  const locale = useAppSelector(selectLocale);
  const [previews, setPreviews] = useState<AppliedPreview[]>([]);
  useEffect(() => {
    let live = true;
    registerSections().then(
      () => live && setPreviews(appliedPreviews()),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (previews.length === 0) return null;
  return (
    <IntlProvider
      locale={parent.locale}
      messages={{
        ...(parent.messages as Record<string, string>),
        ...messagesFor(sectionVersionsMessages, locale),
      }}
    >
      <Banner previews={previews} />
    </IntlProvider>
  );
}
