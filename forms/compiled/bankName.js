/* eslint-disable */
// Generated from forms/bankName.schema.json (rules 0f733b0acfbdd0ed) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
export default validate13;
const schema14_0 = ["bdo","bpi","metrobank","landbank","pnb","securityBank","chinaBank","unionBank","rcbc","eastWest","dbp","aub","pbcom","psBank","robinsonsBank","maybank","ctbc","bankOfCommerce","philtrust","veteransBank","sterlingBank","pbb","chinaBankSavings","bdoNetworkBank","cimb","goTyme","tonik","mariBank","unoBank","ofBank","unionDigital"];

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="bankName.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.bankCode === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bankCode"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "bankCode")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.bankCode !== undefined){
let data0 = data.bankCode;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/bankCode",schemaPath:"#/properties/bankCode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(((((((((((((((((((((((((((((((data0 === "bdo") || (data0 === "bpi")) || (data0 === "metrobank")) || (data0 === "landbank")) || (data0 === "pnb")) || (data0 === "securityBank")) || (data0 === "chinaBank")) || (data0 === "unionBank")) || (data0 === "rcbc")) || (data0 === "eastWest")) || (data0 === "dbp")) || (data0 === "aub")) || (data0 === "pbcom")) || (data0 === "psBank")) || (data0 === "robinsonsBank")) || (data0 === "maybank")) || (data0 === "ctbc")) || (data0 === "bankOfCommerce")) || (data0 === "philtrust")) || (data0 === "veteransBank")) || (data0 === "sterlingBank")) || (data0 === "pbb")) || (data0 === "chinaBankSavings")) || (data0 === "bdoNetworkBank")) || (data0 === "cimb")) || (data0 === "goTyme")) || (data0 === "tonik")) || (data0 === "mariBank")) || (data0 === "unoBank")) || (data0 === "ofBank")) || (data0 === "unionDigital"))){
const err3 = {instancePath:instancePath+"/bankCode",schemaPath:"#/properties/bankCode/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
