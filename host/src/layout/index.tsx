// The main layout (seed §2): navbar, side or top menu, tab bar, breadcrumb, page, footer.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Layout } from '@arco-design/web-react';
import type { GuardedRoute } from '@console/shared/permission';
import {
  selectSettings,
  updateSettings,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { MenuCollapseButton } from './MenuCollapseButton';
import { Navbar } from './Navbar';
import { PageContent } from './PageContent';
import { SectionMenu } from './SectionMenu';
import { TabBar } from './tabs/TabBar';
import { SectionPreviewBanner } from '../sections/SectionPreviewBanner';
import { useSectionVersionCheck } from '../sections/versionCheck';
import { ShellExtras } from '../shellExtras';
import { ConsoleMessages } from '../locale/console';
import { MAIN_CONTENT_ID, SkipLink } from '../a11y/SkipLink';
import './layout.less';

const NAVBAR_HEIGHT = 60;
const COLLAPSED_MENU_WIDTH = 48;

export default function MainLayout({ route }: { route: GuardedRoute | null }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const settings = useAppSelector(selectSettings);
  const showSider = settings.menu && !settings.hideMenu && !settings.topMenu;
  const siderWidth = settings.menuCollapse ? COLLAPSED_MENU_WIDTH : settings.menuWidth;

  // A canary that ended gives way to the pinned version on the next navigation (issue 30).
  useSectionVersionCheck();

  // Seed §2: scroll position resets to the top on each navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <ConsoleMessages>
      <Layout className="console-layout">
        <SkipLink />
        {settings.navbar && (
          <div className="console-layout-navbar" style={{ height: NAVBAR_HEIGHT }}>
            <Navbar />
          </div>
        )}
        <Layout>
          {showSider && (
            <Layout.Sider
              className="console-layout-sider"
              style={{ paddingTop: settings.navbar ? NAVBAR_HEIGHT : 0 }}
              width={settings.menuWidth}
              collapsed={settings.menuCollapse}
              collapsedWidth={COLLAPSED_MENU_WIDTH}
              breakpoint="xl"
              onCollapse={(collapsed) => dispatch(updateSettings({ menuCollapse: collapsed }))}
              collapsible
              trigger={<MenuCollapseButton collapsed={settings.menuCollapse} />}
            >
              <nav
                className="console-layout-menu"
                aria-label={intl.formatMessage({ id: 'a11y.sideMenu' })}
              >
                <SectionMenu mode="vertical" collapsed={settings.menuCollapse} />
              </nav>
            </Layout.Sider>
          )}
          <Layout
            className="console-layout-main"
            style={{
              paddingLeft: showSider ? siderWidth : 0,
              paddingTop: settings.navbar ? NAVBAR_HEIGHT : 0,
            }}
          >
            <SectionPreviewBanner />
            {settings.tabBar && <TabBar />}
            <div className="console-layout-content">
              {route && <Breadcrumb route={route} />}
              <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1}>
                <PageContent route={route} />
              </Layout.Content>
            </div>
            {settings.footer && <Footer />}
          </Layout>
        </Layout>
        <ShellExtras />
      </Layout>
    </ConsoleMessages>
  );
}
