import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { PersonnelList } from './PersonnelList';

/** External Parties > Personnel: the people of every supplier company. */
export function PersonnelPage() {
  usePageTitle('Personnel');
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Personnel"
        intro="The people your suppliers send, and their supplier-portal accounts."
      />
      <PersonnelList />
    </div>
  );
}
