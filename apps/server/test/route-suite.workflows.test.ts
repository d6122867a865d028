/** The route suite (authorization matrix + attack suite), part "workflows": see attack/route-suite.ts. */
import { routeSuitePart } from './attack/parts';
import { runRouteSuite } from './attack/route-suite';

runRouteSuite(routeSuitePart('workflows'));
