import { usePageTitle } from '../../shell/pageTitle';
import { PersonnelList } from './PersonnelList';

/** External Parties > Personnel: the people of every supplier company. */
export function PersonnelPage() {
  usePageTitle('Personnel');
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Personnel</h1>
          <p>The people your suppliers send, and their supplier-portal accounts.</p>
        </div>
      </div>
      <PersonnelList />
    </div>
  );
}
