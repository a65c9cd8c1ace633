import { ConfigurationFrame } from '../configuration';
import { CatalogSection } from './CatalogSection';

/** /configuration/talent-pool (super admin): the companies and roles job seekers practise for. */
export default function TalentCatalogPage() {
  return (
    <ConfigurationFrame
      current="talent-pool"
      description="Companies and roles offered for mock interviews."
      spacing="sections"
    >
      <CatalogSection kind="company" />
      <CatalogSection kind="role" />
    </ConfigurationFrame>
  );
}
