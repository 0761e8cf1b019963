/** The Asset Register's screens, loaded with their area (router.tsx). */
import '../../styles/assets.css';

export { AssetRegisterPage } from './AssetRegisterPage';
export { AssetEditPage } from './AssetEditPage';
export { AssetPage } from './AssetPage';
