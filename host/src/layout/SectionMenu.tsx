import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Menu } from '@arco-design/web-react';
import { matchRoute } from '@console/shared/permission';
import { usePinnedRoutes, usePinnedSections } from '@console/shared/section';
import { selectPermissions, selectSettings, useAppSelector } from '@console/shared/store';
import { MenuIcon } from './menuIcons';
import { visibleMenu } from './visibleMenu';

export function SectionMenu({
  mode,
  collapsed,
}: {
  mode: 'vertical' | 'horizontal';
  collapsed?: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = useAppSelector(selectPermissions);
  const { menuFromServer, serverMenu } = useAppSelector(selectSettings);
  const sections = usePinnedSections();
  const routes = usePinnedRoutes();
  const menu = useMemo(
    () => visibleMenu(sections, permissions, menuFromServer ? serverMenu : null),
    [sections, permissions, menuFromServer, serverMenu],
  );

  const current = matchRoute(routes, pathname);
  const currentSection = current?.key.split('/')[0];
  const [openKeys, setOpenKeys] = useState<string[]>(currentSection ? [currentSection] : []);
  useEffect(() => {
    if (currentSection)
      setOpenKeys((keys) => (keys.includes(currentSection) ? keys : [...keys, currentSection]));
  }, [currentSection]);

  return (
    <Menu
      mode={mode === 'horizontal' ? 'horizontal' : 'vertical'}
      collapse={collapsed}
      autoOpen={false}
      selectedKeys={current ? [current.key] : []}
      openKeys={openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      onClickMenuItem={(key) => {
        const route = routes.find((r) => r.key === key);
        if (route) navigate(route.path);
      }}
      data-testid="section-menu"
    >
      {menu.map(({ section, routes }) => (
        <Menu.SubMenu
          key={section.key}
          title={
            <span>
              <MenuIcon name={section.icon} />
              {intl.formatMessage({ id: section.locale })}
            </span>
          }
        >
          {routes.map((route) => (
            <Menu.Item key={route.key} data-route={route.key}>
              {intl.formatMessage({ id: route.locale })}
            </Menu.Item>
          ))}
        </Menu.SubMenu>
      ))}
    </Menu>
  );
}
