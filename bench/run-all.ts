import { measureConfigRps, printConfigRps } from './config-rps';
import { measureFirstLoad, printFirstLoad } from './first-load';
import { measureLogin, printLogin } from './login.bench';
import { measureSoak, printSoak } from './soak.bench';

// One after the other: the build would steal the cores the load test measures.
const firstLoad = await measureFirstLoad();
printFirstLoad(firstLoad);
console.log('');
printConfigRps(await measureConfigRps());
console.log('');
printLogin(await measureLogin());
console.log('');
const soak = await measureSoak();
printSoak(soak);
if (firstLoad.ratio > 1 || soak.crashed) process.exitCode = 1;
