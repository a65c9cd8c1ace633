import { PageHeader } from '../../ui';
import { CatalogSection } from './CatalogSection';

/** /talent-pool (super admin): the companies and roles job seekers practise for. */
export default function TalentCatalogPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Talent pool" description="Companies and roles for mock interviews." />
      <CatalogSection kind="company" />
      <CatalogSection kind="role" />
    </div>
  );
}
