export { outcomeOf, ServiceMetrics, type GaugeSample } from './service-metrics.js';
