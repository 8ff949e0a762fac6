// The shapes the deployment checks read: Kubernetes objects (rendered by kustomize or parsed from
// k8s/base's files) and docker-compose.yml. Only the fields some check reads.

// ------------------------------------------------------------------ Kubernetes

export interface Metadata {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}
export interface Probe {
  httpGet?: { path?: string; port?: number | string };
  exec?: { command?: string[] };
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  securityContext?: ContainerSecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
export interface ContainerSecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  runAsGroup?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    fsGroup?: number;
    seccompProfile?: { type?: string };
  };
  volumes?: {
    name: string;
    persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
    emptyDir?: { medium?: string; sizeLimit?: string };
  }[];
}
export interface PodTemplate {
  metadata?: Metadata;
  spec: PodSpec;
}
export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface NetworkPolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}
export interface NetworkPolicyRule {
  from?: NetworkPolicyPeer[];
  to?: NetworkPolicyPeer[];
  ports?: NetworkPolicyPort[];
}
export interface MetricSpec {
  type: string;
  resource?: { name: string; target?: { type: string; averageUtilization?: number } };
  pods?: { metric: { name: string }; target: { type: string; averageValue?: string | number } };
}
/** A ServiceMonitor's endpoint or a PodMonitor's podMetricsEndpoint (Prometheus Operator). */
export interface MonitorEndpoint {
  port?: string;
  targetPort?: unknown;
  path?: string;
  [key: string]: unknown;
}
export interface IngressBackend {
  service?: { name: string; port?: { name?: string; number?: number } };
}
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: {
    replicas?: number;
    selector?: LabelSelector & Record<string, string>;
    template?: PodTemplate;
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    type?: string;
    // HorizontalPodAutoscaler
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: MetricSpec[];
    behavior?: {
      scaleUp?: { stabilizationWindowSeconds?: number };
      scaleDown?: { stabilizationWindowSeconds?: number };
    };
    // PodDisruptionBudget
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    // NetworkPolicy
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
    // Ingress
    defaultBackend?: IngressBackend;
    rules?: { host?: string; http?: { paths: { path?: string; backend: IngressBackend }[] } }[];
    // ServiceMonitor / PodMonitor
    endpoints?: MonitorEndpoint[];
    podMetricsEndpoints?: MonitorEndpoint[];
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
// ------------------------------------------------------------------ docker-compose.yml

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  networks?: string[] | Record<string, unknown>;
  ports?: (string | { host_ip?: string; published?: string | number; target?: number })[];
  profiles?: string[];
  volumes?: (
    | string
    | { type?: string; source?: string; target?: string; read_only?: boolean; volume?: { nocopy?: boolean } }
  )[];
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, { driver_opts?: Record<string, string> } | null>;
  secrets?: Record<string, { file?: string; environment?: string }>;
}
