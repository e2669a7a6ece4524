export { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
