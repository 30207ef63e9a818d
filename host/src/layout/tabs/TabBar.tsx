import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dropdown, Menu, Tag } from '@arco-design/web-react';
import { usePinnedRoutes } from '@console/shared/section';
import { useAppDispatch, useAppSelector } from '@console/shared/store';
import {
  HOME_TAB,
  otherTabsClosed,
  selectTabs,
  tabClosed,
  tabReloaded,
  type Tab,
} from './tabsSlice';

export function TabBar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const tabs = useAppSelector(selectTabs);
  const routes = usePinnedRoutes();

  const title = (tab: Tab) => {
    const route = routes.find((r) => r.key === tab.routeKey);
    return route ? intl.formatMessage({ id: route.locale }) : tab.path;
  };

  const close = (tab: Tab) => {
    const index = tabs.findIndex((t) => t.path === tab.path);
    dispatch(tabClosed(tab.path));
    if (tab.path === pathname) {
      const next = tabs[index - 1] ?? tabs[index + 1] ?? HOME_TAB;
      navigate(next.path + next.search);
    }
  };

  const onAction = (tab: Tab, action: string) => {
    if (action === 'reload') {
      // Through the redirect helper: the page unmounts and mounts afresh (seed §2).
      dispatch(tabReloaded(tab.path));
      navigate(`/redirect/${encodeURIComponent(tab.path + tab.search)}`, { replace: true });
    } else if (action === 'close') {
      close(tab);
    } else if (action === 'closeOthers') {
      dispatch(otherTabsClosed(tab.path));
      if (tab.path !== pathname) navigate(tab.path + tab.search);
    }
  };

  return (
    <div className="console-tab-bar" data-testid="tab-bar">
      {tabs.map((tab) => (
        <Dropdown
          key={tab.path}
          trigger="contextMenu"
          position="bl"
          droplist={
            <Menu onClickMenuItem={(key) => onAction(tab, key)}>
              <Menu.Item key="reload">{intl.formatMessage({ id: 'tabBar.reload' })}</Menu.Item>
              {tab.path !== HOME_TAB.path && (
                <Menu.Item key="close">{intl.formatMessage({ id: 'tabBar.close' })}</Menu.Item>
              )}
              <Menu.Item key="closeOthers">
                {intl.formatMessage({ id: 'tabBar.closeOthers' })}
              </Menu.Item>
            </Menu>
          }
        >
          <Tag
            className="console-tab"
            data-path={tab.path}
            data-active={tab.path === pathname}
            color={tab.path === pathname ? 'arcoblue' : undefined}
            closable={tab.path !== HOME_TAB.path}
            onClose={() => close(tab)}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('.arco-tag-close-btn')) return;
              if (tab.path !== pathname) navigate(tab.path + tab.search);
            }}
          >
            {title(tab)}
          </Tag>
        </Dropdown>
      ))}
    </div>
  );
}
