/* eslint-disable */
// Generated from schemas/baseInfo.schema.json (rules 0fd83a8b4e4bdf7f) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
export default validate13;
const schema14 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"baseInfo.schema.json","title":"baseInfo.title","type":"object","additionalProperties":false,"required":["maritalStatus","education"],"properties":{"maritalStatus":{"title":"baseInfo.maritalStatus","type":"string","enum":["single","married","marriedWithChildren","marriedWithoutChildren","divorced","divorcedWithChildren","divorcedWithoutChildren","widowedWithChildren","widowedWithoutChildren","others"]},"education":{"title":"baseInfo.education","type":"string","enum":["elementary","juniorHigh","highSchool","college","graduate","other"]}}};

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="baseInfo.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.maritalStatus === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "maritalStatus"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.education === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "education"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "maritalStatus") || (key0 === "education"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.maritalStatus !== undefined){
let data0 = data.maritalStatus;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/maritalStatus",schemaPath:"#/properties/maritalStatus/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((((((((((data0 === "single") || (data0 === "married")) || (data0 === "marriedWithChildren")) || (data0 === "marriedWithoutChildren")) || (data0 === "divorced")) || (data0 === "divorcedWithChildren")) || (data0 === "divorcedWithoutChildren")) || (data0 === "widowedWithChildren")) || (data0 === "widowedWithoutChildren")) || (data0 === "others"))){
const err4 = {instancePath:instancePath+"/maritalStatus",schemaPath:"#/properties/maritalStatus/enum",keyword:"enum",params:{allowedValues: schema14.properties.maritalStatus.enum}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.education !== undefined){
let data1 = data.education;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/education",schemaPath:"#/properties/education/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!((((((data1 === "elementary") || (data1 === "juniorHigh")) || (data1 === "highSchool")) || (data1 === "college")) || (data1 === "graduate")) || (data1 === "other"))){
const err6 = {instancePath:instancePath+"/education",schemaPath:"#/properties/education/enum",keyword:"enum",params:{allowedValues: schema14.properties.education.enum}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
