// An app's test target adds the WakefulTesting product alone and imports it alone: the types its
// tests name (AppConfiguration, Scenario, IOSVersion, AgentConfiguration, its own Strategy types'
// protocol) come with it.
@_exported import Wakeful
@_exported import WakefulSimulator
