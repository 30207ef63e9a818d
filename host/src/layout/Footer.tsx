import { useIntl } from 'react-intl';
import { shallowEqual } from 'react-redux';
import { Layout } from '@arco-design/web-react';
import { selectLoadedSections } from '@console/shared/section';
import { useAppSelector } from '@console/shared/store';
import { useSiteName } from '../siteName';

export function Footer() {
  const intl = useIntl();
  const loaded = useAppSelector(selectLoadedSections, shallowEqual);
  const siteName = useSiteName();
  const sections = Object.entries(loaded)
    .map(([name, version]) => `${intl.formatMessage({ id: `menu.${name}` })} ${version}`)
    .join(' · ');
  return (
    <Layout.Footer className="console-footer" data-testid="footer">
      <div>
        © {new Date().getFullYear()} {siteName}
      </div>
      {sections && (
        <div className="console-footer-sections">
          {intl.formatMessage({ id: 'footer.sections' }, { sections })}
        </div>
      )}
    </Layout.Footer>
  );
}
