import { registerTexts } from '../../shared/i18n/i18n';
import texts from './texts.es.json';

// This feature's Spanish texts travel in its own chunk, not in the bundle /login downloads (decision 288).
registerTexts('portal', texts);
