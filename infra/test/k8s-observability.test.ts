// Static checks of Kinora's metrics pipeline in k8s, offline (kubectl kustomize only). The checks are
// pure functions in infra/test/k8s-checks/, each returning its problems:
//   (a) scraping (scraping.ts): the prometheus.io annotations sit on exactly the pods that serve
//       /metrics, on a port they declare; the Prometheus Operator's ServiceMonitor/PodMonitor
//       (k8s/components/monitoring) select existing Services/pods by label and a named port, and
//       cover each scraped pod once (that the NetworkPolicies let Prometheus in on that port is
//       checked with the rest of the allow list, network.ts);
//   (b) prometheus-adapter's rules (adapter-rules.ts) name metrics and labels that the services
//       register with prom-client (metrics.ts);
//   (c) HPAs scale up at once and down slowly; the base scales on CPU only (autoscaling.ts); every
//       custom metric an HPA uses comes from an adapter rule, and from a metric the target's process
//       actually emits (adapter-rules.ts; targets and served metric names: checkAutoscaling, run by
//       k8s.test.ts).
//
//   node --import tsx --test infra/test/k8s-observability.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import { before, describe } from 'node:test';
import {
  checkAdapterConfigMap,
  checkAdapterNotRendered,
  checkAdapterRules,
  checkHpaCustomMetrics,
} from './k8s-checks/adapter-rules';
import {
  adapterRulesOf,
  checkCpuOnly,
  checkCustomScaled,
  checkScalingPace,
  readAdapterConfigMap,
  type AdapterRule,
} from './k8s-checks/autoscaling';
import { checkRuleSources, registeredMetrics, seriesIndex } from './k8s-checks/metrics';
import {
  checkMonitorCoverage,
  checkMonitorShapes,
  checkOperatorObjectsPlacement,
  checkPodMonitors,
  checkScrapeAnnotations,
  checkServiceMonitors,
} from './k8s-checks/scraping';
import { BASE, renderBoth, STAGING, type Renders } from './manifests/files';
import type { K8sObject } from './manifests/shapes';
import { inEach, itFindsNoProblems, under } from './problems';

describe('k8s observability: scraping, prometheus-adapter rules and the HPAs on them', () => {
  let k8s: Renders;
  let configMap: K8sObject;
  let rules: AdapterRule[] = [];
  const metrics = registeredMetrics();
  const series = seriesIndex(metrics);

  before(() => {
    k8s = renderBoth();
    configMap = readAdapterConfigMap();
    rules = adapterRulesOf(configMap);
  });

  itFindsNoProblems({
    'finds the prom-client metrics the rules build on': () => checkRuleSources(metrics),
  });

  // ---------------------------------------------------------------- (a)
  describe('scraping', () => {
    itFindsNoProblems({
      'annotates for scraping exactly the pods that serve /metrics, on a port they declare': () =>
        inEach(k8s.both, checkScrapeAnnotations),
      'keeps the Prometheus Operator objects out of base (clusters without its CRDs apply base)': () =>
        checkOperatorObjectsPlacement(k8s.base, k8s.staging),
      'shapes every ServiceMonitor and PodMonitor as the Operator reads them': () =>
        under(STAGING, checkMonitorShapes(k8s.staging)),
      'has each ServiceMonitor select existing Services by label and a named port they have': () =>
        under(STAGING, checkServiceMonitors(k8s.staging)),
      'has each PodMonitor select existing pods by label and a named container port they have': () =>
        under(STAGING, checkPodMonitors(k8s.staging)),
      'has the monitors cover every scraped pod exactly once, and nothing else': () =>
        under(STAGING, checkMonitorCoverage(k8s.staging)),
    });
    // That the NetworkPolicies let Prometheus in on every metrics port, and nothing more, is part of
    // the allow list k8s-checks/network.ts derives (k8s.test.ts).
  });

  // ---------------------------------------------------------------- (b)
  describe('prometheus-adapter rules', () => {
    itFindsNoProblems({
      'is a ConfigMap for the adapter (key config.yaml, its own namespace), in no kustomization': () => [
        ...checkAdapterConfigMap(configMap, rules),
        ...inEach(k8s.both, (objects) => checkAdapterNotRendered(objects, configMap)),
      ],
      'maps namespace and pod, names a registered series, and queries only its labels': () =>
        checkAdapterRules(rules, series),
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('HPAs', () => {
    // Targets, metric kinds and served metric names: checkAutoscaling (k8s-checks/autoscaling.ts).
    itFindsNoProblems({
      'scale up at once and down slowly': () => inEach(k8s.both, checkScalingPace),
      'scale on CPU only in base: a metric the cluster cannot fetch would block every scale-down': () =>
        under(BASE, checkCpuOnly(k8s.base)),
      'scale ads, analytics and both workers on CPU and custom metrics in staging': () =>
        under(STAGING, checkCustomScaled(k8s.staging)),
      'use only custom metrics an adapter rule serves, from metrics their target emits': () =>
        inEach(k8s.both, (objects) => checkHpaCustomMetrics(objects, rules, series)),
    });
  });
});
